/**
 * Portraits of the demo village's officials in their khaki uniform, the icons of the home
 * page's benefits and of the village figures, and the village emblem, drawn as SVG.
 */
import { FONT, gradient, r1, svg } from './svg.ts';

// Portraits of the officials (400 × 500): khaki PDH uniform, peci or hijab.

const BACKDROPS = ['#dbe7f0', '#e6efe0', '#f3e7d8', '#e9e3f1', '#f0e0e0', '#e0eeee'];
const SKINS = ['#c68b59', '#b97a4b', '#d7a37a', '#a86b3c', '#caa07c'];
const HIJABS = ['#1d3557', '#6d597a', '#2a9d8f', '#9d0208'];

export function portrait(index: number, woman: boolean): string {
  const w = 400;
  const h = 500;
  const skin = SKINS[index % SKINS.length] ?? '#c68b59';
  const backdrop = BACKDROPS[index % BACKDROPS.length] ?? '#e0e0e0';
  const uniform = `<path d="M40,500 Q48,360 140,330 L200,372 L260,330 Q352,360 360,500 Z" fill="#b59f6b"/><path d="M160,336 L200,400 L240,336 L222,326 L200,360 L178,326 Z" fill="#8c7a4d"/><rect x="232" y="410" width="70" height="16" rx="3" fill="#2b2b2b"/><rect x="100" y="410" width="44" height="24" rx="3" fill="#1f6f43"/><circle cx="200" cy="430" r="5" fill="#e0c068"/><circle cx="200" cy="470" r="5" fill="#e0c068"/>`;
  const neck = `<rect x="176" y="290" width="48" height="50" fill="${skin}"/>`;
  const face = `<ellipse cx="200" cy="220" rx="76" ry="92" fill="${skin}"/><ellipse cx="172" cy="215" rx="8" ry="6" fill="#2b2b2b"/><ellipse cx="228" cy="215" rx="8" ry="6" fill="#2b2b2b"/><path d="M176,262 Q200,278 224,262" stroke="#7a3e2b" stroke-width="5" fill="none" stroke-linecap="round"/>`;
  const top = woman
    ? `<path d="M112,250 Q104,118 200,112 Q296,118 288,250 L300,352 Q200,392 100,352 Z" fill="${HIJABS[index % HIJABS.length] ?? '#1d3557'}"/><ellipse cx="200" cy="228" rx="66" ry="80" fill="${skin}"/><ellipse cx="176" cy="222" rx="7" ry="5" fill="#2b2b2b"/><ellipse cx="224" cy="222" rx="7" ry="5" fill="#2b2b2b"/><path d="M180,264 Q200,278 220,264" stroke="#9b3d3d" stroke-width="5" fill="none" stroke-linecap="round"/>`
    : `${face}<path d="M124,160 Q130,118 200,112 Q270,118 276,160 L276,176 L124,176 Z" fill="#1b1b1b"/><rect x="122" y="150" width="156" height="28" rx="6" fill="#1b1b1b"/>`;
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="${backdrop}"/><circle cx="200" cy="230" r="180" fill="#ffffff" opacity="0.35"/>${woman ? '' : neck}${uniform}${woman ? top : `${neck}${top}`}`,
  );
}

// Icons: home page benefits (256 × 256) and village facts (128 × 128).

const BENEFIT_GLYPHS: Record<string, string> = {
  document: `<rect x="78" y="56" width="100" height="136" rx="10" fill="#ffffff"/><rect x="96" y="88" width="64" height="8" rx="4" fill="#1f6f43"/><rect x="96" y="112" width="64" height="8" rx="4" fill="#1f6f43"/><rect x="96" y="136" width="44" height="8" rx="4" fill="#1f6f43"/><path d="M150,186 L196,140 L212,156 L166,202 L146,206 Z" fill="#f4c542"/>`,
  clock: `<circle cx="128" cy="128" r="72" fill="#ffffff"/><path d="M128,84 L128,128 L160,148" stroke="#1f6f43" stroke-width="12" fill="none" stroke-linecap="round"/>`,
  qr: `<rect x="64" y="64" width="128" height="128" rx="8" fill="#ffffff"/>${[
    [76, 76],
    [140, 76],
    [76, 140],
  ]
    .map(
      ([x, y]) =>
        `<rect x="${x}" y="${y}" width="40" height="40" fill="#1f6f43"/><rect x="${(x ?? 0) + 10}" y="${(y ?? 0) + 10}" width="20" height="20" fill="#ffffff"/>`,
    )
    .join(
      '',
    )}<rect x="140" y="140" width="14" height="14" fill="#1f6f43"/><rect x="166" y="152" width="14" height="14" fill="#1f6f43"/><rect x="150" y="168" width="14" height="14" fill="#1f6f43"/>`,
  info: `<circle cx="128" cy="128" r="72" fill="#ffffff"/><circle cx="128" cy="94" r="10" fill="#1f6f43"/><rect x="118" y="114" width="20" height="60" rx="8" fill="#1f6f43"/>`,
};

export function benefitIcon(kind: keyof typeof BENEFIT_GLYPHS): string {
  return svg(
    256,
    256,
    `<rect width="256" height="256" rx="48" fill="url(#bg)"/>${BENEFIT_GLYPHS[kind] ?? ''}`,
    gradient('bg', ['#2d9d5f', '#1f6f43']),
  );
}

const INFO_GLYPHS: Record<string, string> = {
  area: `<rect x="36" y="36" width="56" height="56" fill="none" stroke="#ffffff" stroke-width="8" stroke-dasharray="12 6"/>`,
  mountain: `<path d="M24,96 L56,40 L72,66 L82,52 L104,96 Z" fill="#ffffff"/>`,
  houses: `<path d="M22,96 L22,68 L40,52 L58,68 L58,96 Z M68,96 L68,62 L87,44 L106,62 L106,96 Z" fill="#ffffff"/>`,
  group: `<circle cx="44" cy="54" r="12" fill="#ffffff"/><circle cx="84" cy="54" r="12" fill="#ffffff"/><circle cx="64" cy="48" r="14" fill="#ffffff"/><path d="M26,96 Q28,72 44,72 Q56,72 58,84 Q62,66 64,66 Q66,66 70,84 Q72,72 84,72 Q100,72 102,96 Z" fill="#ffffff"/>`,
  home: `<path d="M32,64 L64,36 L96,64 L88,64 L88,96 L40,96 L40,64 Z" fill="#ffffff"/>`,
  rice: `<path d="M64,100 Q60,60 64,30" stroke="#ffffff" stroke-width="6" fill="none"/>${[
    40, 52, 64, 76,
  ]
    .map(
      (y, i) =>
        `<ellipse cx="${i % 2 ? 76 : 52}" cy="${y}" rx="10" ry="6" fill="#ffffff" transform="rotate(${i % 2 ? -30 : 30} ${i % 2 ? 76 : 52} ${y})"/>`,
    )
    .join('')}`,
  road: `<path d="M46,100 L58,28 L70,28 L82,100 Z" fill="#ffffff"/><path d="M64,36 L64,48 M64,60 L64,72 M64,84 L64,96" stroke="#1f6f43" stroke-width="4"/>`,
};

export function infoIcon(kind: keyof typeof INFO_GLYPHS): string {
  return svg(128, 128, `<circle cx="64" cy="64" r="62" fill="#1f6f43"/>${INFO_GLYPHS[kind] ?? ''}`);
}

/** The village emblem (512 × 512): a green roundel, padi and kapas, Gunung Salak and the name. */
export function logo(): string {
  let rice = '';
  let cotton = '';
  // Padi on the left arc, kapas mirrored on the right, around the shield.
  for (let i = 0; i < 9; i++) {
    const deg = 140 + i * 10;
    const a = deg * (Math.PI / 180);
    const x = 256 + 172 * Math.cos(a);
    const y = 268 - 172 * Math.sin(a);
    rice += `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="8" ry="15" fill="#f2c230" transform="rotate(${r1(90 - deg)} ${r1(x)} ${r1(y)})"/>`;
    cotton += `<circle cx="${r1(512 - x)}" cy="${r1(y)}" r="10" fill="#ffffff" stroke="#8fd19e" stroke-width="3"/>`;
  }
  return svg(
    512,
    512,
    `<circle cx="256" cy="256" r="250" fill="#1f6f43"/><circle cx="256" cy="256" r="232" fill="none" stroke="#f2c230" stroke-width="8"/><path d="M176,150 L336,150 L336,270 Q336,340 256,380 Q176,340 176,270 Z" fill="#ffffff"/><path d="M190,290 L236,210 L256,236 L276,204 L322,290 Z" fill="#2e7d32"/><circle cx="256" cy="186" r="18" fill="#f2c230"/><path d="M186,300 Q256,330 326,300 L322,318 Q256,346 190,318 Z" fill="#4ea8de"/>${rice}${cotton}<path d="M96,392 L416,392 L436,418 L416,444 L96,444 L76,418 Z" fill="#f2c230"/><text x="256" y="431" font-family="${FONT}" font-size="28" font-weight="bold" fill="#1f6f43" text-anchor="middle" letter-spacing="2">DESA SUKAMAJU</text><path d="M256,92 L263,112 L284,112 L267,124 L273,144 L256,132 L239,144 L245,124 L228,112 L249,112 Z" fill="#f2c230"/>`,
  );
}
