import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Queryable } from '#db/database';
import { HttpError } from '#http/errors';
import type { SecretBox } from '#security/secretBox';
import { hashToken } from '#security/tokens';
import { audit } from './audit';

/** What every authenticator app understands: SHA-1, six digits, a new code every 30 seconds. */
const ISSUER = 'Yozy Admin';
const PERIOD_SECONDS = 30;
/** A code of the step before or after is still taken, for clocks a little apart. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** How long the step between password and code lasts. */
export const CHALLENGE_MINUTES = 5;

export const WRONG_CODE_MESSAGE = 'That code is not right. Enter the current code from your authenticator app.';
export const USED_CODE_MESSAGE = 'That code has already been used. Wait for the next code from your authenticator app.';
export const WRONG_RECOVERY_CODE_MESSAGE = 'That recovery code is not right or has already been used.';

/** The sealed secret names its owner, so it does not open in another person's row (domain/reseal.ts seals it again). */
export const twoFactorSecretContext = (userId: number) => `two_factor.totp_secret:${userId}`;

function totp(secret: string, email = '') {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The time step a code belongs to, when it is one of the secret's codes now (give or take a step). */
export function stepOfCode(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** Recovery codes are read off paper: lowercase Crockford base32 (no i, l, o, u), two groups of five. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((byte) => ALPHABET[byte & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Spaces, dashes and case do not matter when a recovery code is typed back. */
export const hashRecoveryCode = (code: string) => hashToken(code.replace(/[\s-]/g, '').toLowerCase());

export type Enrolment = { secret: string; otpauthUrl: string; qrCode: string };

/**
 * Starts (or starts again) an enrolment: a new secret, sealed at rest, not enabled until a code of
 * it is confirmed. Refused while two-factor is on: it has to be turned off first.
 */
export async function startEnrolment(tx: Queryable, box: SecretBox, userId: number): Promise<Enrolment> {
  const [user] = await tx.query<{ email: string; enabled: boolean | null }>(
    `SELECT u.email, tf.enabled FROM client_users u LEFT JOIN two_factor tf ON tf.user_id = u.user_id WHERE u.user_id = $1 FOR UPDATE OF u`,
    [userId],
  );
  if (!user) throw new HttpError('NOT_FOUND', 'No such user');
  if (user.enabled) throw new HttpError('CONFLICT', 'Two-factor sign-in is already on. Turn it off before setting it up again.');
  const secret = new Secret({ size: 20 }).base32;
  await tx.query(
    `INSERT INTO two_factor (user_id, totp_secret, enabled, last_used_step, updated_at) VALUES ($1, $2, false, NULL, now())
     ON CONFLICT (user_id) DO UPDATE SET totp_secret = excluded.totp_secret, enabled = false, enabled_at = NULL,
            recovery_code_hashes = '{}', last_used_step = NULL, updated_at = now()`,
    [userId, box.seal(secret, twoFactorSecretContext(userId))],
  );
  const otpauthUrl = totp(secret, user.email).toString();
  const qrCode = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(qrCode).toString('base64')}` };
}

type Actor = { clientId: number; userId: number; ip: string | null };

/**
 * Turns two-factor on once the person proves their app has the secret (a current code), and
 * answers the recovery codes; only their digests are kept, so this is the one time they are seen.
 */
export async function confirmEnrolment(tx: Queryable, box: SecretBox, actor: Actor, code: string): Promise<string[]> {
  const [row] = await tx.query<{ totp_secret: string | null; enabled: boolean }>(
    'SELECT totp_secret, enabled FROM two_factor WHERE user_id = $1 FOR UPDATE',
    [actor.userId],
  );
  if (row?.enabled) throw new HttpError('CONFLICT', 'Two-factor sign-in is already on.');
  if (!row?.totp_secret) throw new HttpError('CONFLICT', 'Start setting up two-factor sign-in first.', 'code');
  const step = stepOfCode(box.open(row.totp_secret, twoFactorSecretContext(actor.userId)), code);
  if (step === null) throw new HttpError('INVALID_CREDENTIALS', WRONG_CODE_MESSAGE, 'code');
  const codes = newRecoveryCodes();
  await tx.query(
    `UPDATE two_factor SET enabled = true, enabled_at = now(), last_used_step = $2, recovery_code_hashes = $3, updated_at = now()
      WHERE user_id = $1`,
    [actor.userId, step, codes.map(hashRecoveryCode)],
  );
  await audit(tx, {
    clientId: actor.clientId,
    actorUserId: actor.userId,
    action: 'two_factor.enable',
    entityType: 'user',
    entityId: actor.userId,
    after: { enabled: true, recoveryCodes: RECOVERY_CODE_COUNT },
    ip: actor.ip,
  });
  return codes;
}

export type SecondFactor = { code?: string | undefined; recoveryCode?: string | undefined };

/**
 * Checks a person's second factor: a current code not used before (its step is remembered), or
 * one of their recovery codes, which is used up. Refusals write nothing.
 */
export async function verifySecondFactor(
  tx: Queryable,
  box: SecretBox,
  actor: Actor,
  factor: SecondFactor,
): Promise<'code' | 'recovery_code'> {
  const [row] = await tx.query<{ totp_secret: string; last_used_step: string | null; recovery_code_hashes: string[] }>(
    'SELECT totp_secret, last_used_step, recovery_code_hashes FROM two_factor WHERE user_id = $1 AND enabled FOR UPDATE',
    [actor.userId],
  );
  if (!row) throw new HttpError('CONFLICT', 'Two-factor sign-in is not on.');
  if (factor.recoveryCode !== undefined) {
    const hash = hashRecoveryCode(factor.recoveryCode);
    if (!row.recovery_code_hashes.includes(hash)) throw new HttpError('INVALID_CREDENTIALS', WRONG_RECOVERY_CODE_MESSAGE, 'recoveryCode');
    const left = row.recovery_code_hashes.filter((stored) => stored !== hash);
    await tx.query('UPDATE two_factor SET recovery_code_hashes = $2, updated_at = now() WHERE user_id = $1', [actor.userId, left]);
    await audit(tx, {
      clientId: actor.clientId,
      actorUserId: actor.userId,
      action: 'two_factor.recovery_code_used',
      entityType: 'user',
      entityId: actor.userId,
      after: { recoveryCodesLeft: left.length },
      ip: actor.ip,
    });
    return 'recovery_code';
  }
  const step = stepOfCode(box.open(row.totp_secret, twoFactorSecretContext(actor.userId)), factor.code ?? '');
  if (step === null) throw new HttpError('INVALID_CREDENTIALS', WRONG_CODE_MESSAGE, 'code');
  if (row.last_used_step !== null && step <= Number(row.last_used_step))
    throw new HttpError('INVALID_CREDENTIALS', USED_CODE_MESSAGE, 'code');
  await tx.query('UPDATE two_factor SET last_used_step = $2, updated_at = now() WHERE user_id = $1', [actor.userId, step]);
  return 'code';
}

/** Turns two-factor off after a current code or a recovery code; the secret and recovery codes are deleted. */
export async function disableTwoFactor(tx: Queryable, box: SecretBox, actor: Actor, factor: SecondFactor): Promise<void> {
  const [required] = await tx.query<{ name: string }>(
    `SELECT c.company_name AS name FROM org_settings os JOIN clients c ON c.client_id = os.client_id
      WHERE os.client_id = $1 AND os.two_factor_required`,
    [actor.clientId],
  );
  if (required) throw new HttpError('FORBIDDEN', `${required.name} requires two-factor sign-in, so it cannot be turned off.`);
  const method = await verifySecondFactor(tx, box, actor, factor);
  await tx.query('DELETE FROM two_factor WHERE user_id = $1', [actor.userId]);
  await audit(tx, {
    clientId: actor.clientId,
    actorUserId: actor.userId,
    action: 'two_factor.disable',
    entityType: 'user',
    entityId: actor.userId,
    before: { enabled: true },
    after: { enabled: false, confirmedWith: method },
    ip: actor.ip,
  });
}

/** Whether a person has two-factor on, and how many recovery codes they have left. */
export async function twoFactorStatus(db: Queryable, userId: number) {
  const [row] = await db.query<{ enabled_at: Date; left: number }>(
    'SELECT enabled_at, cardinality(recovery_code_hashes) AS left FROM two_factor WHERE user_id = $1 AND enabled',
    [userId],
  );
  return { enabled: Boolean(row), enabledAt: row ? new Date(row.enabled_at).toISOString() : null, recoveryCodesLeft: row?.left ?? 0 };
}

/**
 * An admin's reset of someone's two-factor sign-in, for a person who lost their authenticator: the
 * secret and the recovery codes are deleted (with any enrolment begun). Their sessions go on; at
 * their next sign-in they set it up again when their organisation requires it.
 */
export async function resetTwoFactor(tx: Queryable, admin: Actor, person: { userId: number; clientId: number }): Promise<void> {
  if (person.userId === admin.userId) {
    throw new HttpError('BAD_REQUEST', OWN_TWO_FACTOR_MESSAGE, 'UserId');
  }
  const [who] = await tx.query<{ name: string }>(
    `SELECT first_name || ' ' || last_name AS name FROM client_users WHERE user_id = $1 AND client_id = $2 FOR UPDATE`,
    [person.userId, person.clientId],
  );
  if (!who) throw new HttpError('NOT_FOUND', 'This person is not of the organisation', 'UserId');
  const before = await twoFactorStatus(tx, person.userId);
  if (!before.enabled)
    throw new HttpError('CONFLICT', `${who.name} does not have two-factor sign-in on: there is nothing to reset`, 'UserId');
  await tx.query('DELETE FROM two_factor WHERE user_id = $1', [person.userId]);
  await audit(tx, {
    clientId: person.clientId,
    actorUserId: admin.userId,
    action: 'two_factor.reset',
    entityType: 'user',
    entityId: person.userId,
    before,
    after: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 },
    ip: admin.ip,
  });
}

export const OWN_TWO_FACTOR_MESSAGE = 'Turn your own two-factor sign-in off in Privacy & Setting, with a code';
