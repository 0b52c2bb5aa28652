/**
 * Pictures of the demo village, drawn as SVG (rendered locally by sharp; nothing is
 * downloaded): landscapes for the home page, scenes for the gallery and the profile's pictures.
 * Portraits, icons and the emblem are in content-icons.ts.
 */
import { FONT, gradient, r1, svg } from './svg.ts';

/** A band of land whose top edge rolls like hills, filled down to the bottom. */
function hills(
  w: number,
  h: number,
  baseY: number,
  amp: number,
  waves: number,
  phase: number,
  fill: string,
): string {
  const points: string[] = [];
  for (let x = 0; x <= w; x += w / 48) {
    const t = (x / w) * Math.PI * 2 * waves + phase;
    const y = baseY + amp * Math.sin(t) + amp * 0.35 * Math.sin(t * 2.3 + 1.7);
    points.push(`${r1(x)},${r1(y)}`);
  }
  return `<path d="M0,${h} L${points.join(' L')} L${w},${h} Z" fill="${fill}"/>`;
}

/** Thin lines following the slope: the edges of rice terraces. */
function terraces(w: number, fromY: number, toY: number, rows: number, color: string): string {
  let out = '';
  for (let i = 0; i < rows; i++) {
    const y = fromY + ((toY - fromY) * i) / rows;
    const amp = 10 + i * 2;
    out += `<path d="M0,${r1(y)} Q${w * 0.25},${r1(y - amp)} ${w * 0.5},${r1(y)} T${w},${r1(y)}" stroke="${color}" stroke-width="${2 + i * 0.4}" fill="none" opacity="0.55"/>`;
  }
  return out;
}

const cloud = (x: number, y: number, s: number) =>
  `<g fill="#ffffff" opacity="0.85"><ellipse cx="${x}" cy="${y}" rx="${60 * s}" ry="${22 * s}"/><ellipse cx="${x + 40 * s}" cy="${y - 14 * s}" rx="${42 * s}" ry="${26 * s}"/><ellipse cx="${x - 38 * s}" cy="${y - 6 * s}" rx="${34 * s}" ry="${18 * s}"/></g>`;

const sun = (x: number, y: number, r: number, color: string) =>
  `<circle cx="${x}" cy="${y}" r="${r * 2.4}" fill="${color}" opacity="0.18"/><circle cx="${x}" cy="${y}" r="${r * 1.5}" fill="${color}" opacity="0.3"/><circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>`;

function palm(x: number, baseY: number, height: number, lean: number): string {
  const topX = x + lean;
  const topY = baseY - height;
  let leaves = '';
  for (const [dx, dy] of [
    [-1, 0.2],
    [-0.8, -0.5],
    [0, -0.8],
    [0.8, -0.5],
    [1, 0.25],
    [0.45, 0.45],
    [-0.45, 0.45],
  ] as const) {
    const ex = topX + dx * height * 0.42;
    const ey = topY + dy * height * 0.3 + height * 0.08;
    leaves += `<path d="M${topX},${topY} Q${r1((topX + ex) / 2)},${r1(Math.min(topY, ey) - height * 0.12)} ${r1(ex)},${r1(ey)}" stroke="#2f6b2f" stroke-width="${r1(height * 0.05)}" fill="none" stroke-linecap="round"/>`;
  }
  return `<path d="M${x},${baseY} Q${x + lean * 0.2},${baseY - height * 0.5} ${topX},${topY}" stroke="#6b4f2a" stroke-width="${r1(height * 0.045)}" fill="none" stroke-linecap="round"/>${leaves}`;
}

const tree = (x: number, baseY: number, s: number, color: string) =>
  `<rect x="${x - 5 * s}" y="${baseY - 40 * s}" width="${10 * s}" height="${40 * s}" fill="#6b4f2a"/><circle cx="${x}" cy="${baseY - 60 * s}" r="${32 * s}" fill="${color}"/><circle cx="${x - 22 * s}" cy="${baseY - 44 * s}" r="${22 * s}" fill="${color}"/><circle cx="${x + 22 * s}" cy="${baseY - 46 * s}" r="${24 * s}" fill="${color}"/>`;

interface PersonStyle {
  shirt: string;
  skin?: string;
  hat?: 'caping' | 'peci' | 'hijab' | 'none';
  hijab?: string;
  arms?: 'down' | 'up' | 'work';
}

/** A small standing figure: enough to read as people at a distance. */
function person(x: number, baseY: number, s: number, p: PersonStyle): string {
  const skin = p.skin ?? '#c68b59';
  const headY = baseY - 96 * s;
  const arms =
    p.arms === 'up'
      ? `<path d="M${x - 13 * s},${baseY - 76 * s} L${x - 26 * s},${baseY - 118 * s} M${x + 13 * s},${baseY - 76 * s} L${x + 26 * s},${baseY - 118 * s}"`
      : p.arms === 'work'
        ? `<path d="M${x - 13 * s},${baseY - 76 * s} L${x - 30 * s},${baseY - 40 * s} M${x + 13 * s},${baseY - 76 * s} L${x + 32 * s},${baseY - 44 * s}"`
        : `<path d="M${x - 14 * s},${baseY - 76 * s} L${x - 18 * s},${baseY - 42 * s} M${x + 14 * s},${baseY - 76 * s} L${x + 18 * s},${baseY - 42 * s}"`;
  let hat = '';
  if (p.hat === 'caping') {
    hat = `<path d="M${x - 30 * s},${headY - 2 * s} L${x},${headY - 26 * s} L${x + 30 * s},${headY - 2 * s} Z" fill="#d9b26a" stroke="#a7843f" stroke-width="${2 * s}"/>`;
  } else if (p.hat === 'peci') {
    hat = `<rect x="${x - 12 * s}" y="${headY - 20 * s}" width="${24 * s}" height="${10 * s}" rx="${3 * s}" fill="#1d1d1d"/>`;
  } else if (p.hat === 'hijab') {
    // Drawn behind a slightly smaller face, so the face stays visible.
    hat = `<path d="M${x - 17 * s},${headY + 6 * s} Q${x - 19 * s},${headY - 19 * s} ${x},${headY - 19 * s} Q${x + 19 * s},${headY - 19 * s} ${x + 17 * s},${headY + 6 * s} L${x + 21 * s},${headY + 26 * s} L${x - 21 * s},${headY + 26 * s} Z" fill="${p.hijab ?? '#7a4b8c'}"/><circle cx="${x}" cy="${headY + 1 * s}" r="${9.5 * s}" fill="${skin}"/>`;
  }
  return `<g>${arms} stroke="${p.shirt}" stroke-width="${9 * s}" stroke-linecap="round"/><rect x="${x - 15 * s}" y="${baseY - 80 * s}" width="${30 * s}" height="${44 * s}" rx="${9 * s}" fill="${p.shirt}"/><rect x="${x - 12 * s}" y="${baseY - 40 * s}" width="${10 * s}" height="${40 * s}" rx="${4 * s}" fill="#3b3b4f"/><rect x="${x + 2 * s}" y="${baseY - 40 * s}" width="${10 * s}" height="${40 * s}" rx="${4 * s}" fill="#3b3b4f"/><circle cx="${x}" cy="${headY}" r="${13 * s}" fill="${skin}"/>${hat}</g>`;
}

function house(x: number, baseY: number, w: number, h: number, wall: string, roof: string): string {
  return `<rect x="${x}" y="${baseY - h}" width="${w}" height="${h}" fill="${wall}"/><path d="M${x - w * 0.12},${baseY - h} L${x + w / 2},${baseY - h - w * 0.45} L${x + w * 1.12},${baseY - h} Z" fill="${roof}"/><rect x="${x + w * 0.4}" y="${baseY - h * 0.62}" width="${w * 0.2}" height="${h * 0.62}" fill="#5b3a1e"/><rect x="${x + w * 0.1}" y="${baseY - h * 0.7}" width="${w * 0.18}" height="${h * 0.25}" fill="#f4e6c1"/><rect x="${x + w * 0.72}" y="${baseY - h * 0.7}" width="${w * 0.18}" height="${h * 0.25}" fill="#f4e6c1"/>`;
}

/** A caption strip, as on a printed photo album page. */
const caption = (w: number, h: number, text: string) =>
  `<rect x="0" y="${h - 64}" width="${w}" height="64" fill="#000000" opacity="0.35"/><text x="32" y="${h - 22}" font-family="${FONT}" font-size="30" fill="#ffffff">${text}</text>`;

const mountain = (w: number, h: number, fill: string) =>
  `<path d="M0,${h * 0.6} Q${w * 0.22},${h * 0.5} ${w * 0.38},${h * 0.3} Q${w * 0.46},${h * 0.19} ${w * 0.52},${h * 0.2} Q${w * 0.58},${h * 0.18} ${w * 0.64},${h * 0.29} Q${w * 0.8},${h * 0.48} ${w},${h * 0.52} L${w},${h} L0,${h} Z" fill="${fill}"/>`;

// Home page headers (1600 × 900): wide, no text — the site writes the title over them.

export function headerMountain(): string {
  const w = 1600;
  const h = 900;
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>${sun(1180, 250, 70, '#fff1c1')}${cloud(320, 170, 1.2)}${cloud(760, 120, 0.9)}${mountain(w, h, '#5d7f8f')}${hills(w, h, 560, 30, 1.5, 0.5, '#4f8a4a')}${hills(w, h, 640, 26, 2.2, 2.1, '#3f7a3c')}${terraces(w, 660, 880, 7, '#a7d36f')}${hills(w, h, 780, 20, 3, 1, '#2f6430')}${palm(180, 820, 300, 30)}${palm(1420, 830, 260, -26)}${palm(1500, 850, 220, 18)}`,
    gradient('sky', ['#f6a65b', '#fbd38d', '#fdebd0']),
  );
}

export function headerVillageHall(): string {
  const w = 1600;
  const h = 900;
  const hall = `<rect x="520" y="430" width="560" height="260" fill="#f3ead7"/><path d="M470,440 L800,250 L1130,440 Z" fill="#a0442a"/><path d="M560,440 L800,320 L1040,440 Z" fill="#b9553a"/>${[560, 660, 760, 840, 940, 1020].map((x) => `<rect x="${x}" y="470" width="22" height="220" fill="#ffffff" stroke="#d8ccb4" stroke-width="2"/>`).join('')}<rect x="740" y="560" width="120" height="130" fill="#7a4a24"/><rect x="600" y="450" width="400" height="40" fill="#1f6f43"/><text x="800" y="479" font-family="${FONT}" font-size="24" font-weight="bold" fill="#ffffff" text-anchor="middle">BALAI DESA SUKAMAJU</text><rect x="430" y="690" width="740" height="24" fill="#cfc6b4"/>`;
  const flag = `<rect x="1240" y="330" width="8" height="380" fill="#d0d0d0"/><rect x="1248" y="336" width="120" height="40" fill="#d62828"/><rect x="1248" y="376" width="120" height="40" fill="#ffffff"/>`;
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>${cloud(260, 160, 1.1)}${cloud(1300, 120, 1.3)}${hills(w, h, 620, 24, 1.2, 0.3, '#79b35f')}${hall}${flag}${tree(300, 720, 2.2, '#3f8f4f')}${tree(1450, 730, 2.4, '#347d43')}<rect y="710" width="${w}" height="190" fill="#5f9e4f"/><path d="M700,900 L760,714 L840,714 L900,900 Z" fill="#bdb3a0"/>${person(600, 800, 1.1, { shirt: '#2e86ab', hat: 'peci' })}${person(660, 805, 1.05, { shirt: '#e07a5f', hat: 'hijab', hijab: '#3d405b' })}${person(1010, 812, 1.1, { shirt: '#b59f6b', hat: 'peci' })}`,
    gradient('sky', ['#6fb7e8', '#bfe3f7', '#eef8ff']),
  );
}

export function headerRiceFields(): string {
  const w = 1600;
  const h = 900;
  let rows = '';
  for (let i = 0; i < 14; i++) {
    const y = 560 + i * i * 2.2 + i * 8;
    rows += `<path d="M0,${r1(y)} L${w},${r1(y - 10)}" stroke="#8fc94f" stroke-width="${2 + i * 0.5}" opacity="0.6"/>`;
  }
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>${sun(300, 200, 60, '#fff6d5')}${cloud(900, 150, 1.4)}${cloud(1300, 230, 1)}${hills(w, h, 470, 40, 1, 2, '#6c9a8b')}${hills(w, h, 540, 18, 2, 0.7, '#5aa04a')}<rect y="555" width="${w}" height="345" fill="#76b843"/>${rows}${person(520, 760, 1.3, { shirt: '#e9c46a', hat: 'caping', arms: 'work' })}${person(640, 790, 1.4, { shirt: '#2a9d8f', hat: 'caping', arms: 'work' })}${person(1080, 740, 1.2, { shirt: '#e76f51', hat: 'caping', arms: 'work' })}${palm(1420, 600, 280, -20)}${palm(120, 610, 240, 24)}`,
    gradient('sky', ['#4aa3df', '#a9d8f5', '#e6f5fd']),
  );
}

// Gallery (1200 × 800): scenes of village life with a caption.

export function galleryIrrigation(): string {
  const w = 1200;
  const h = 800;
  const people = [
    person(300, 520, 1.2, { shirt: '#f4a261', hat: 'caping', arms: 'work' }),
    person(420, 540, 1.2, { shirt: '#264653', hat: 'peci', arms: 'work' }),
    person(760, 530, 1.2, { shirt: '#e76f51', hat: 'caping', arms: 'work' }),
    person(880, 515, 1.15, { shirt: '#2a9d8f', hat: 'hijab', hijab: '#6d597a', arms: 'down' }),
  ].join('');
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>${hills(w, h, 360, 20, 1.3, 1, '#7fb069')}<rect y="380" width="${w}" height="420" fill="#8cc05a"/><path d="M0,600 C300,560 500,660 800,610 S1100,580 1200,600 L1200,700 C1000,690 800,720 600,700 S200,690 0,700 Z" fill="#5fa8d3"/><path d="M0,640 C300,610 520,690 820,650 S1100,630 1200,640" stroke="#bfe3f5" stroke-width="4" fill="none"/>${people}${tree(120, 420, 1.5, '#3a7d44')}${tree(1080, 430, 1.7, '#2f6f3b')}${caption(w, h, 'Gotong royong, Dusun Babakan')}`,
    gradient('sky', ['#8ecae6', '#e0f2fb']),
  );
}

export function galleryHarvest(): string {
  const w = 1200;
  const h = 800;
  let stalks = '';
  for (let i = 0; i < 60; i++) {
    const x = (i * 97) % w;
    const y = 470 + ((i * 53) % 260);
    stalks += `<path d="M${x},${y} q6,-30 14,-44" stroke="#c8961e" stroke-width="3" fill="none"/><ellipse cx="${x + 15}" cy="${y - 46}" rx="5" ry="9" fill="#e9b949"/>`;
  }
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>${sun(930, 170, 55, '#fff3b0')}${hills(w, h, 380, 28, 1.1, 0.2, '#7c9b5a')}<rect y="420" width="${w}" height="380" fill="#e3b448"/>${stalks}${person(360, 640, 1.4, { shirt: '#457b9d', hat: 'caping', arms: 'work' })}${person(560, 600, 1.3, { shirt: '#e63946', hat: 'caping', arms: 'work' })}${person(820, 650, 1.4, { shirt: '#2a9d8f', hat: 'caping', arms: 'up' })}${caption(w, h, 'Panen raya, Dusun Sirnagalih')}`,
    gradient('sky', ['#f7c873', '#fbe7b5', '#fff7e6']),
  );
}

export function galleryPosyandu(): string {
  const w = 1200;
  const h = 800;
  const banner = `<rect x="280" y="90" width="640" height="90" rx="12" fill="#f1faee" stroke="#e76f51" stroke-width="6"/><text x="600" y="150" font-family="${FONT}" font-size="44" font-weight="bold" fill="#e76f51" text-anchor="middle">POSYANDU MELATI</text>`;
  const scale = `<rect x="520" y="520" width="160" height="30" rx="6" fill="#adb5bd"/><rect x="590" y="420" width="20" height="100" fill="#6c757d"/><circle cx="600" cy="400" r="40" fill="#f8f9fa" stroke="#6c757d" stroke-width="6"/><path d="M600,400 L622,382" stroke="#e63946" stroke-width="5"/>`;
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="#fdf0d5"/><rect y="600" width="${w}" height="200" fill="#e9c46a"/><rect x="60" y="240" width="220" height="260" fill="#a8dadc" rx="10"/><rect x="920" y="240" width="220" height="260" fill="#a8dadc" rx="10"/>${banner}${scale}${person(380, 660, 1.5, { shirt: '#ffafcc', hat: 'hijab', hijab: '#bde0fe' })}${person(450, 650, 0.7, { shirt: '#ffd166', skin: '#d9a066' })}${person(800, 670, 1.5, { shirt: '#2a9d8f', hat: 'hijab', hijab: '#e76f51' })}${person(900, 660, 1.45, { shirt: '#cdb4db', hat: 'hijab', hijab: '#6d597a' })}${caption(w, h, 'Penimbangan balita, Posyandu Melati')}`,
  );
}

export function galleryIndependenceDay(): string {
  const w = 1200;
  const h = 800;
  let bunting = '';
  for (let i = 0; i < 16; i++) {
    const x = i * 80;
    bunting += `<path d="M${x},60 L${x + 40},120 L${x + 80},60 Z" fill="${i % 2 ? '#ffffff' : '#d62828'}" stroke="#b0b0b0" stroke-width="1"/>`;
  }
  const pole = `<rect x="580" y="160" width="26" height="520" fill="#8d6e63"/><circle cx="593" cy="170" r="70" fill="none" stroke="#d62828" stroke-width="10"/><rect x="520" y="200" width="40" height="40" fill="#ffb703"/><rect x="628" y="210" width="40" height="50" fill="#219ebc"/><rect x="555" y="250" width="30" height="36" fill="#fb8500"/>`;
  const crowd = [200, 290, 380, 820, 910, 1000]
    .map((x, i) =>
      person(x, 730, 1.1, {
        shirt: ['#d62828', '#ffffff', '#2a9d8f', '#e9c46a', '#d62828', '#457b9d'][i] ?? '#999',
        hat: i % 3 === 1 ? 'hijab' : 'none',
        hijab: '#1d3557',
        arms: i % 2 ? 'up' : 'down',
      }),
    )
    .join('');
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/><path d="M0,60 L${w},60" stroke="#888" stroke-width="3"/>${bunting}<rect y="600" width="${w}" height="200" fill="#6ab04c"/>${pole}${person(593, 470, 1.2, { shirt: '#ffffff', arms: 'up' })}${person(593, 590, 1.2, { shirt: '#d62828', arms: 'up' })}${crowd}${caption(w, h, 'Panjat pinang HUT ke-80 RI')}`,
    gradient('sky', ['#48cae4', '#caf0f8']),
  );
}

export function galleryMeeting(): string {
  const w = 1200;
  const h = 800;
  let chairs = '';
  for (let row = 0; row < 3; row++) {
    for (let i = 0; i < 7; i++) {
      const x = 160 + i * 130 + row * 20;
      const y = 520 + row * 90;
      const shirts = ['#b59f6b', '#264653', '#e76f51', '#2a9d8f', '#6d597a', '#f4a261', '#457b9d'];
      chairs += person(x, y, 0.8 + row * 0.12, {
        shirt: shirts[(i + row) % shirts.length] ?? '#777',
        hat: (i + row) % 3 === 0 ? 'hijab' : (i + row) % 3 === 1 ? 'peci' : 'none',
        hijab: '#9d4edd',
      });
    }
  }
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="#f4efe6"/><rect y="560" width="${w}" height="240" fill="#c9a66b"/><rect x="200" y="60" width="800" height="120" rx="8" fill="#1f6f43"/><text x="600" y="115" font-family="${FONT}" font-size="40" font-weight="bold" fill="#ffffff" text-anchor="middle">MUSYAWARAH DESA</text><text x="600" y="160" font-family="${FONT}" font-size="26" fill="#f1e3b5" text-anchor="middle">Penyusunan RKP Desa Sukamaju 2026</text><rect x="380" y="220" width="440" height="90" fill="#8d5524"/>${person(500, 300, 0.9, { shirt: '#b59f6b', hat: 'peci' })}${person(600, 300, 0.9, { shirt: '#b59f6b', hat: 'peci' })}${person(700, 300, 0.9, { shirt: '#b59f6b', hat: 'hijab', hijab: '#1d3557' })}${chairs}${caption(w, h, 'Musyawarah desa di balai desa')}`,
  );
}

export function galleryMarket(): string {
  const w = 1200;
  const h = 800;
  const colours = ['#e63946', '#2a9d8f', '#f4a261', '#457b9d', '#e9c46a'];
  let stalls = '';
  for (let i = 0; i < 5; i++) {
    const x = 40 + i * 230;
    const c = colours[i] ?? '#999';
    let stripes = '';
    for (let s = 0; s < 5; s++) {
      stripes += `<rect x="${x + s * 40}" y="280" width="20" height="60" fill="#ffffff" opacity="0.6"/>`;
    }
    stalls += `<path d="M${x - 10},340 L${x + 10},280 L${x + 200},280 L${x + 220},340 Z" fill="${c}"/>${stripes}<rect x="${x}" y="340" width="8" height="200" fill="#6b4f2a"/><rect x="${x + 192}" y="340" width="8" height="200" fill="#6b4f2a"/><rect x="${x}" y="470" width="200" height="30" fill="#a47148"/><circle cx="${x + 40}" cy="460" r="16" fill="#90be6d"/><circle cx="${x + 80}" cy="462" r="14" fill="#f94144"/><circle cx="${x + 120}" cy="460" r="16" fill="#f9c74f"/><circle cx="${x + 160}" cy="462" r="14" fill="#43aa8b"/>`;
  }
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>${tree(120, 300, 1.6, '#52796f')}${tree(1100, 300, 1.8, '#354f52')}<rect y="520" width="${w}" height="280" fill="#c2b280"/>${stalls}${person(260, 680, 1.3, { shirt: '#8338ec', hat: 'hijab', hijab: '#ff006e' })}${person(520, 700, 1.35, { shirt: '#3a86ff', hat: 'peci' })}${person(840, 690, 1.3, { shirt: '#fb5607', hat: 'hijab', hijab: '#023047' })}${caption(w, h, 'Pasar desa, Kamis pagi')}`,
    gradient('sky', ['#90e0ef', '#e8f8fc']),
  );
}

// Village profile pictures (1200 × 700).

export function profileHistory(): string {
  const w = 1200;
  const h = 700;
  const houses = [
    house(200, 520, 160, 110, '#d8c3a5', '#8e5b3a'),
    house(470, 540, 180, 120, '#e0cba8', '#7d4f32'),
    house(800, 515, 150, 105, '#d8c3a5', '#8e5b3a'),
  ].join('');
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="url(#old)"/>${mountain(w, h, '#b9a27f')}${hills(w, h, 470, 16, 1.5, 0.8, '#a58d68')}${houses}${palm(1050, 560, 260, -20)}${palm(110, 560, 220, 18)}<rect width="${w}" height="${h}" fill="none" stroke="#5e4b35" stroke-width="24"/><text x="${w - 40}" y="${h - 40}" font-family="${FONT}" font-size="28" fill="#5e4b35" text-anchor="end">Kampung Sukamaju, sekitar 1930</text>`,
    gradient('old', ['#e9dcc2', '#d6c3a0', '#c4ab82']),
  );
}

export function profileMap(): string {
  const w = 1200;
  const h = 700;
  let contours = '';
  for (let i = 0; i < 9; i++) {
    const rx = 520 - i * 52;
    const ry = 300 - i * 30;
    contours += `<ellipse cx="${640 + i * 12}" cy="${380 - i * 10}" rx="${rx}" ry="${ry}" fill="none" stroke="#6a994e" stroke-width="2" opacity="${0.35 + i * 0.06}"/>`;
  }
  const dusun = (x: number, y: number, name: string) =>
    `<circle cx="${x}" cy="${y}" r="12" fill="#bc4749"/><text x="${x + 20}" y="${y + 9}" font-family="${FONT}" font-size="26" fill="#283618">${name}</text>`;
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="#f2e8cf"/>${contours}<path d="M80,640 C260,520 360,560 480,430 S760,260 1120,80" stroke="#4ea8de" stroke-width="10" fill="none"/><path d="M200,80 L1000,620" stroke="#9c6644" stroke-width="6" stroke-dasharray="18 10" fill="none"/>${dusun(330, 250, 'Dusun Cibeureum')}${dusun(700, 470, 'Dusun Babakan')}${dusun(880, 240, 'Dusun Sirnagalih')}<g transform="translate(1080,580)"><circle r="48" fill="#ffffff" stroke="#283618" stroke-width="3"/><path d="M0,-40 L12,0 L0,40 L-12,0 Z" fill="#283618"/><text y="-50" font-family="${FONT}" font-size="22" text-anchor="middle" fill="#283618">U</text></g>`,
  );
}
