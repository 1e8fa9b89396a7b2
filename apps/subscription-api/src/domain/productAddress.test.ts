import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '#db/database';
import { openTestDatabase } from '#testing/testDatabase';
import { DEFAULT_WEB_PRODUCT_URL, productAddressFor } from './productAddress';

const LITE = 'https://lite.yozy.local';
const WEB = 'https://app.yozy.local';

const failing: Queryable = { query: () => Promise.reject(new Error('connection refused')) };

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase('seeded');
});
afterAll(() => db.close());

describe('productAddressFor', () => {
  it.each([
    ['a user whose product has MICROSAAS plans', 'frank.grimes@globex.local', LITE],
    ['the same, with the email in another case', 'Frank.Grimes@GLOBEX.local', LITE],
    ['a user of the STANDARD web product', 'marcus.lee@acme.local', WEB],
    ['a user without a role mapping', 'admin@yozy.local', WEB],
    ['an unknown email', 'nobody@nowhere.example', WEB],
  ])('sends %s to the right product', async (_case, email, expected) => {
    expect(await productAddressFor(db, email)).toBe(expected);
  });

  it('falls back to the standard web product when the lookup throws', async () => {
    const original = console.error;
    console.error = () => {};
    try {
      expect(await productAddressFor(failing, 'frank.grimes@globex.local')).toBe(DEFAULT_WEB_PRODUCT_URL);
      expect(DEFAULT_WEB_PRODUCT_URL).toBe(WEB);
      expect(await productAddressFor(failing, 'frank.grimes@globex.local', 'https://web.example.com')).toBe('https://web.example.com');
    } finally {
      console.error = original;
    }
  });

  it('reads the addresses from the product master, not from constants', async () => {
    await db.query("UPDATE products SET domain = 'https://lite.example.com' WHERE product_code = 'YOZY-LITE'");
    try {
      expect(await productAddressFor(db, 'frank.grimes@globex.local')).toBe('https://lite.example.com');
    } finally {
      await db.query("UPDATE products SET domain = $1 WHERE product_code = 'YOZY-LITE'", [LITE]);
    }
  });

  it('sends a lite user to the standard product once the lite plans are withdrawn', async () => {
    await db.query("UPDATE plans SET is_active = false WHERE plan_group = 'MICROSAAS'");
    try {
      expect(await productAddressFor(db, 'frank.grimes@globex.local')).toBe(WEB);
    } finally {
      await db.query('UPDATE plans SET is_active = true');
    }
  });
});
