import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('stores argon2id hashes that verify only the right password', async () => {
    const stored = await hashPassword('Admin@123');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored, 'Admin@123')).toBe(true);
    expect(await verifyPassword(stored, 'admin@123')).toBe(false);
  });

  it('answers false without a stored hash or with a damaged one', async () => {
    expect(await verifyPassword(null, 'Admin@123')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'Admin@123')).toBe(false);
  });
});
