import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/database';
import { openTestDatabase } from '#testing/testDatabase';
import { resealSecrets } from './reseal';
import { createSecretBox } from '#security/secretBox';

const OLD_KEY = 'the-secret-key-before-the-rotation-0123456789';
const NEW_KEY = 'the-secret-key-after-the-rotation-0123456789';

let db: Database;
let userId: number;
let clientId: number;
let endpointId: number;
beforeAll(async () => {
  db = await openTestDatabase('seeded');
  [{ user_id: userId, client_id: clientId }] = (await db.query<{ user_id: number; client_id: number }>(
    `SELECT user_id, client_id FROM client_users WHERE email = 'admin@acme.local'`,
  )) as [{ user_id: number; client_id: number }];
});
afterAll(() => db.close());

/**
 * A two-factor secret, a mail server password, a single sign-on client secret and a webhook's
 * signing secrets (the current one and the one before a rotation), sealed with `key`.
 */
async function sealEverything(key: string) {
  const box = createSecretBox(key);
  await db.query(
    `INSERT INTO two_factor (user_id, totp_secret) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET totp_secret = excluded.totp_secret`,
    [userId, box.seal('JBSWY3DPEHPK3PXP', `two_factor.totp_secret:${userId}`)],
  );
  await db.query(
    `INSERT INTO email_settings (client_id, smtp_host, smtp_port, smtp_from_address, smtp_password_sealed) VALUES ($1, 'mail.acme.example', 587, 'no-reply@acme.example', $2)
       ON CONFLICT (client_id) DO UPDATE SET smtp_password_sealed = excluded.smtp_password_sealed`,
    [clientId, box.seal('mail-password', `smtp_password:${clientId}`)],
  );
  await db.query(
    `INSERT INTO sso_settings (client_id, oidc_secret_sealed) VALUES ($1, $2) ON CONFLICT (client_id) DO UPDATE SET oidc_secret_sealed = excluded.oidc_secret_sealed`,
    [clientId, box.seal('sso-client-secret', `sso_client_secret:${clientId}`)],
  );
  endpointId ??= (
    await db.query<{ id: number }>(
      "INSERT INTO webhook_endpoints (client_id, url, secret_sealed) VALUES ($1, 'https://hooks.acme.example', '') RETURNING endpoint_id AS id",
      [clientId],
    )
  )[0]!.id;
  await db.query('UPDATE webhook_endpoints SET secret_sealed = $2, previous_secret_sealed = $3 WHERE endpoint_id = $1', [
    endpointId,
    box.seal('whsec_bmV3', `webhook_secret:${endpointId}`),
    box.seal('whsec_b2xk', `webhook_secret:${endpointId}`),
  ]);
}

async function sealed() {
  const [row] = await db.query<{ totp: string; smtp: string; sso: string; webhook: string; previous: string }>(
    `SELECT (SELECT totp_secret FROM two_factor WHERE user_id = $1) AS totp,
            (SELECT smtp_password_sealed FROM email_settings WHERE client_id = $2) AS smtp,
            (SELECT oidc_secret_sealed FROM sso_settings WHERE client_id = $2) AS sso,
            (SELECT secret_sealed FROM webhook_endpoints WHERE endpoint_id = $3) AS webhook,
            (SELECT previous_secret_sealed FROM webhook_endpoints WHERE endpoint_id = $3) AS previous`,
    [userId, clientId, endpointId],
  );
  return row!;
}

describe('rotating SECRET_KEY', () => {
  it('opens values sealed with the previous key meanwhile, and seals each again with the new one', async () => {
    await sealEverything(OLD_KEY);
    const before = await sealed();
    const rotating = createSecretBox(NEW_KEY, OLD_KEY);
    expect(rotating.open(before.totp, `two_factor.totp_secret:${userId}`)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => createSecretBox(NEW_KEY).open(before.totp, `two_factor.totp_secret:${userId}`)).toThrow();

    const done = await resealSecrets(db, rotating);
    expect(done.map(({ what }) => what)).toEqual([
      'two-factor secrets',
      'mail server passwords',
      'single sign-on client secrets',
      'webhook signing secrets',
      'webhook signing secrets before a rotation',
    ]);
    expect(done.every(({ count }) => count >= 1)).toBe(true);

    // The new key alone opens every one of them now; the old one none.
    const after = await sealed();
    const fresh = createSecretBox(NEW_KEY);
    expect(fresh.open(after.totp, `two_factor.totp_secret:${userId}`)).toBe('JBSWY3DPEHPK3PXP');
    expect(fresh.open(after.smtp, `smtp_password:${clientId}`)).toBe('mail-password');
    expect(fresh.open(after.sso, `sso_client_secret:${clientId}`)).toBe('sso-client-secret');
    expect(fresh.open(after.webhook, `webhook_secret:${endpointId}`)).toBe('whsec_bmV3');
    expect(fresh.open(after.previous, `webhook_secret:${endpointId}`)).toBe('whsec_b2xk');
    expect(() => createSecretBox(OLD_KEY).open(after.smtp, `smtp_password:${clientId}`)).toThrow();
  });

  it('stops at a value that opens with neither key, naming it, and changes nothing of its table', async () => {
    await sealEverything('a-third-key-nobody-configured-0123456789');
    const before = await sealed();
    await expect(resealSecrets(db, createSecretBox(NEW_KEY, OLD_KEY))).rejects.toThrow(
      `two_factor.totp_secret of user_id ${userId} opens with neither SECRET_KEY nor SECRET_KEY_PREVIOUS`,
    );
    expect((await sealed()).totp).toBe(before.totp);
  });
});
