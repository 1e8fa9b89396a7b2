import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#db/database';
import { hashToken } from '#security/tokens';
import { openTestDatabase } from '#testing/testDatabase';
import { consumeToken, findLiveToken, issueToken } from './userTokens';

let db: Database;
let userId: number;
const email = 'ann@acme.local';

beforeAll(async () => {
  db = await openTestDatabase('migrated');
  const [client] = await db.query<{ client_id: number }>("INSERT INTO clients (company_name) VALUES ('Acme') RETURNING client_id");
  const [user] = await db.query<{ user_id: number }>(
    "INSERT INTO client_users (client_id, first_name, email, type_of_user) VALUES ($1, 'Ann', $2, 'User') RETURNING user_id",
    [client!.client_id, email],
  );
  userId = user!.user_id;
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query("UPDATE client_users SET is_active = true, email = 'ann@acme.local'");
});

const claim = (token: string, purpose: 'reset' | 'invite' = 'reset', forEmail = email) => ({ email: forEmail, token, purpose });

describe('user tokens', () => {
  it('stores only a digest of a random token valid 8 hours', async () => {
    const token = await issueToken(db, { userId, email, purpose: 'reset' });
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const [row] = await db.query<{ hours: number; raw: number }>(
      'SELECT extract(epoch FROM expires_at - created_at) / 3600 AS hours, (SELECT count(*)::int FROM user_tokens WHERE token_hash = $2) AS raw FROM user_tokens WHERE token_hash = $1',
      [hashToken(token), token],
    );
    expect(Number(row!.hours)).toBeCloseTo(8, 3);
    expect(row!.raw).toBe(0);
  });

  it('is live for its email in any case and its purpose only', async () => {
    const token = await issueToken(db, { userId, email, purpose: 'reset' });
    expect(await findLiveToken(db, claim(token, 'reset', 'ANN@acme.local'))).toMatchObject({ userId, email });
    expect(await findLiveToken(db, claim(token, 'invite'))).toBeNull();
    expect(await findLiveToken(db, claim(token, 'reset', 'bob@acme.local'))).toBeNull();
  });

  it('is used once, and using it voids the other unused tokens of that purpose only', async () => {
    const older = await issueToken(db, { userId, email, purpose: 'reset' });
    const invitation = await issueToken(db, { userId, email, purpose: 'invite' });
    const token = await issueToken(db, { userId, email, purpose: 'reset' });

    expect(await consumeToken(db, claim(token))).toMatchObject({ userId });
    expect(await consumeToken(db, claim(token))).toBeNull();
    expect(await findLiveToken(db, claim(older))).toBeNull();
    expect(await findLiveToken(db, claim(invitation, 'invite'))).not.toBeNull();
  });

  it('dies when it expires, when its user is deactivated or changes email', async () => {
    const expiring = await issueToken(db, { userId, email, purpose: 'invite' });
    await db.query('UPDATE user_tokens SET expires_at = now() WHERE token_hash = $1', [hashToken(expiring)]);
    expect(await findLiveToken(db, claim(expiring, 'invite'))).toBeNull();

    const token = await issueToken(db, { userId, email, purpose: 'invite' });
    await db.query('UPDATE client_users SET is_active = false');
    expect(await findLiveToken(db, claim(token, 'invite'))).toBeNull();
    await db.query("UPDATE client_users SET is_active = true, email = 'ann.new@acme.local'");
    expect(await consumeToken(db, claim(token, 'invite'))).toBeNull();
  });
});
