import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORD_COUNT, passwordProblem, type PasswordOwner } from '@balai/domain';
import { HttpError } from '../lib/http-error.ts';

// argon2id with OWASP's recommended floor: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash nobody's password matches; verified against when the e-mail is unknown so both paths take as long. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(hashed: string | null, password: string): Promise<boolean> {
  if (hashed === null) {
    dummyHash ??= hashPassword('balai-dummy-password-for-equal-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/**
 * The 10,000 most common passwords, lower case: the head of the ranked list that ships with
 * `@zxcvbn-ts/language-common` (nothing is downloaded). Loaded on the first password set.
 */
let common: Promise<ReadonlySet<string>> | undefined;
export function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const ranked = dictionary['passwords-common'] as readonly string[];
    return new Set(ranked.slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  });
  return common;
}

/**
 * Refuses a new password that is among the most common ones or built from the person's own
 * name, NIK, No. KK, birth date or e-mail (issue 25.5, packages/domain passwords.ts): a 422
 * on `field` whose message says why. Called wherever a password is set.
 */
export async function assertAcceptablePassword(
  password: string,
  owner: PasswordOwner,
  field = 'password',
): Promise<void> {
  const list = await commonPasswords();
  const problem = passwordProblem(password, owner, (p) => list.has(p));
  if (problem) throw new HttpError(422, problem, { [field]: [problem] });
}
