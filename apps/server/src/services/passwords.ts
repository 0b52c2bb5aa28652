import { hash, verify } from '@node-rs/argon2';

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
