import type { Database } from '#db/database';
import { smtpPasswordContext } from '#mail/delivery';
import { ssoSecretContext } from './singleSignOn';
import { twoFactorSecretContext } from './twoFactor';
import { webhookSecretContext } from '#webhooks/secrets';
import type { SecretBox } from '#security/secretBox';

/** Every column that holds a value sealed with SECRET_KEY for good, with the context each row's value was sealed for. */
const SEALED_COLUMNS = [
  { table: 'two_factor', key: 'user_id', column: 'totp_secret', context: twoFactorSecretContext, what: 'two-factor secrets' },
  {
    table: 'email_settings',
    key: 'client_id',
    column: 'smtp_password_sealed',
    context: smtpPasswordContext,
    what: 'mail server passwords',
  },
  {
    table: 'sso_settings',
    key: 'client_id',
    column: 'oidc_secret_sealed',
    context: ssoSecretContext,
    what: 'single sign-on client secrets',
  },
  {
    table: 'webhook_endpoints',
    key: 'endpoint_id',
    column: 'secret_sealed',
    context: webhookSecretContext,
    what: 'webhook signing secrets',
  },
  {
    table: 'webhook_endpoints',
    key: 'endpoint_id',
    column: 'previous_secret_sealed',
    context: webhookSecretContext,
    what: 'webhook signing secrets before a rotation',
  },
] as const;

/**
 * Seals every kept secret again with the current SECRET_KEY (`box` opens with the previous one too,
 * SECRET_KEY_PREVIOUS), one table at a time, each in a transaction: the last step of rotating the
 * key, after which the previous key is needed no more. The answers kept for idempotent creates are
 * left to expire (a day). A value that opens with neither key stops it, naming the row, and
 * changes nothing of that table. Answers what was sealed again.
 */
export async function resealSecrets(db: Database, box: SecretBox): Promise<{ what: string; count: number }[]> {
  const done: { what: string; count: number }[] = [];
  for (const { table, key, column, context, what } of SEALED_COLUMNS) {
    const count = await db.transaction(async (tx) => {
      const rows = await tx.query<{ id: number; sealed: string }>(
        `SELECT ${key} AS id, ${column} AS sealed FROM ${table} WHERE ${column} IS NOT NULL ORDER BY ${key} FOR UPDATE`,
      );
      for (const row of rows) {
        let plaintext: string;
        try {
          plaintext = box.open(row.sealed, context(row.id));
        } catch {
          throw new Error(`${table}.${column} of ${key} ${row.id} opens with neither SECRET_KEY nor SECRET_KEY_PREVIOUS`);
        }
        await tx.query(`UPDATE ${table} SET ${column} = $2 WHERE ${key} = $1`, [row.id, box.seal(plaintext, context(row.id))]);
      }
      return rows.length;
    });
    done.push({ what, count });
  }
  return done;
}
