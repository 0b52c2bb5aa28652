import { createHash, randomBytes } from 'node:crypto';

/** An opaque token of `bytes` random bytes, URL-safe. 32 bytes = 256 bits. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}
