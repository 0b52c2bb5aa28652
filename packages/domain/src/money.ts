/** 1500000 → "Rp1.500.000" (the spelling of the official style guide: no space, dots for thousands). */
export function formatRupiah(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.trunc(Math.abs(amount)));
  return `${sign}Rp${digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}

const UNITS = [
  '',
  'satu',
  'dua',
  'tiga',
  'empat',
  'lima',
  'enam',
  'tujuh',
  'delapan',
  'sembilan',
  'sepuluh',
  'sebelas',
] as const;

const SCALES: readonly [number, string, string][] = [
  [1e9, 'miliar', ''],
  [1e6, 'juta', ''],
  [1e3, 'ribu', 'seribu'],
  [100, 'ratus', 'seratus'],
];

function spell(n: number): string {
  if (n < 12) return UNITS[n] ?? '';
  if (n < 20) return `${spell(n - 10)} belas`;
  if (n < 100) return join(`${spell(Math.floor(n / 10))} puluh`, spell(n % 10));
  for (const [size, word, one] of SCALES) {
    if (n < size) continue;
    const head = Math.floor(n / size);
    return join(head === 1 && one ? one : `${spell(head)} ${word}`, spell(n % size));
  }
  return '';
}

const join = (a: string, b: string) => (b ? `${a} ${b}` : a);

/** Whole number in Indonesian words, as written after amounts in letters: 2500000 → "dua juta lima ratus ribu". */
export function terbilang(n: number): string {
  const whole = Math.trunc(Math.abs(n));
  if (whole === 0) return 'nol';
  if (whole >= 1e12) return String(whole);
  return (n < 0 ? 'minus ' : '') + spell(whole);
}
