import { hash, verify } from '@node-rs/argon2';

// Argon2id with the library's defaults (OWASP's minimum: 19 MiB, 2 passes).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. With no hash (unknown account, or a user who has
 * not set a password yet) it still does the work of one verification, so both answers take
 * about the same time and do not reveal which accounts exist.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('not a real password');
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
