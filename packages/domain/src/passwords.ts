/**
 * Which new passwords are refused (issue 25.5), wherever one is set: registering, changing it
 * in the profile, resetting it, and an administrator creating or updating an account.
 *
 * - one of the 10,000 most common passwords (the ranked list of `@zxcvbn-ts/language-common`,
 *   read by the server, and lazily by the web's strength hint; this module gets it as `isCommon`
 *   so the domain package ships no list);
 * - one built from the person's own data: their name, NIK (or No. KK), birth date or e-mail.
 *   "Built from" means that once every such piece (and a few separators) is taken out, fewer
 *   than 4 characters are left ("siti1988", "Rahmawati-0506", "3201014506880002"), or that it
 *   holds the whole NIK, No. KK or name.
 *
 * The message says why, in Indonesian, so the person knows what to change.
 */

/** How many of the ranked list's passwords are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;

/** What is known about the person whose password it is (any of it may be missing). */
export interface PasswordOwner {
  name?: string | null | undefined;
  email?: string | null | undefined;
  nik?: string | null | undefined;
  kk_number?: string | null | undefined;
  /** YYYY-MM-DD. */
  birth_date?: string | null | undefined;
}

export const PASSWORD_TOO_COMMON =
  'Kata sandi ini termasuk 10.000 kata sandi yang paling sering dipakai, sehingga mudah ditebak. Pilih kata sandi lain.';

type Kind = 'nama' | 'NIK' | 'No. KK' | 'tanggal lahir' | 'e-mail';

/** The message naming the data the password was built from ("nama dan tanggal lahir"). */
export function personalPasswordMessage(kinds: readonly string[]): string {
  const list =
    kinds.length <= 1
      ? (kinds[0] ?? 'data pribadi')
      : `${kinds.slice(0, -1).join(', ')} dan ${kinds.at(-1)}`;
  return `Kata sandi tidak boleh disusun dari ${list} Anda, karena mudah ditebak orang lain. Pilih kata sandi lain.`;
}

/** Lower case letters and digits only: "Siti.Rahma-88" → "sitirahma88". */
const compact = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The pieces of a person's data a password might be built from, by kind. */
function pieces(owner: PasswordOwner): { kind: Kind; text: string }[] {
  const out: { kind: Kind; text: string }[] = [];
  const add = (kind: Kind, text: string, min = 3) => {
    const c = compact(text);
    if (c.length >= min) out.push({ kind, text: c });
  };
  if (owner.name) {
    add('nama', owner.name, 4);
    for (const part of owner.name.split(/[\s.,'-]+/)) add('nama', part);
  }
  if (owner.email) {
    const local = owner.email.split('@')[0] ?? '';
    add('e-mail', local);
    for (const part of local.split(/[._+-]+|\d+/)) add('e-mail', part);
    const domain = owner.email.split('@')[1]?.split('.')[0];
    if (domain) add('e-mail', domain, 4);
  }
  for (const [kind, value] of [
    ['NIK', owner.nik],
    ['No. KK', owner.kk_number],
  ] as const) {
    const digits = (value ?? '').replace(/\D/g, '');
    if (digits.length >= 6) {
      add(kind, digits);
      // Its head (region code) and tail, the parts people copy.
      add(kind, digits.slice(0, 6), 6);
      add(kind, digits.slice(-6), 6);
      add(kind, digits.slice(-4), 4);
    }
  }
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(owner.birth_date ?? '');
  if (date) {
    const [, y = '', m = '', d = ''] = date;
    const yy = y.slice(2);
    for (const form of [
      `${d}${m}${y}`,
      `${y}${m}${d}`,
      `${m}${d}${y}`,
      `${d}${m}${yy}`,
      `${yy}${m}${d}`,
      `${d}${m}`,
      `${m}${d}`,
      y,
    ]) {
      add('tanggal lahir', form, 4);
    }
  }
  // Longest first, so "rahmawati" goes before "rahma".
  return out.sort((a, b) => b.text.length - a.text.length);
}

const DIGITS = '0123456789';
/**
 * What is left adds nothing: under 4 characters, one character repeated ("1111"), or a run of
 * digits up or down ("1234", "987654").
 */
function trivial(rest: string): boolean {
  if (rest.length < 4) return true;
  if (/^(.)\1*$/.test(rest)) return true;
  return (
    /^\d+$/.test(rest) && (DIGITS.includes(rest) || [...DIGITS].reverse().join('').includes(rest))
  );
}

/** The kinds of personal data `password` is built from, in a fixed order; empty when none. */
export function personalDataIn(password: string, owner: PasswordOwner): Kind[] {
  let rest = compact(password);
  if (rest.length === 0) return [];
  const found = new Set<Kind>();
  const whole = new Set<Kind>();
  for (const { kind, text } of pieces(owner)) {
    if (!rest.includes(text)) continue;
    found.add(kind);
    // The whole NIK, No. KK or name inside it: refused, whatever else it holds.
    if ((kind === 'NIK' || kind === 'No. KK') && text.length >= 16) whole.add(kind);
    if (kind === 'nama' && owner.name && text === compact(owner.name) && text.length >= 6) {
      whole.add(kind);
    }
    rest = rest.split(text).join('');
  }
  const order: Kind[] = ['nama', 'NIK', 'No. KK', 'tanggal lahir', 'e-mail'];
  if (whole.size > 0 || (found.size > 0 && trivial(rest))) {
    return order.filter((k) => found.has(k));
  }
  return [];
}

/**
 * Why `password` may not be used, or null when it may. `isCommon` answers for the lower-cased
 * password whether it is among the COMMON_PASSWORD_COUNT most common ones.
 */
export function passwordProblem(
  password: string,
  owner: PasswordOwner,
  isCommon: (lowerCased: string) => boolean,
): string | null {
  if (isCommon(password.toLowerCase())) return PASSWORD_TOO_COMMON;
  const kinds = personalDataIn(password, owner);
  return kinds.length > 0 ? personalPasswordMessage(kinds) : null;
}
