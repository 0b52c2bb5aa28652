/** The few SVG helpers the demo pictures are drawn with (rendered by sharp, nothing downloaded). */

export const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

export const svg = (w: number, h: number, body: string, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;

export const gradient = (id: string, stops: string[], vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops
    .map((c, i) => `<stop offset="${i / Math.max(1, stops.length - 1)}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;

export const r1 = (n: number) => Math.round(n * 10) / 10;
