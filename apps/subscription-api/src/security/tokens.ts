import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@yozy/shared';

/** A random, URL-safe secret of 256 bits. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a copy of the database does not hand out live tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new API key: the secret a tool sends, and the part of it the console shows to tell keys apart. */
export function newApiKey(): { key: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${newToken()}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + 6) };
}
