import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { Database } from '#db/database';
import type { SecretBox } from '#security/secretBox';
import type { Answer, Parameter } from '#openapi/build';
import { refused } from './answers';
import { HttpError } from './errors';
import { clientOf } from './gateway';
import type { Viewer } from './auth';

/** The header a client names one attempt of a create with (IETF draft-ietf-httpapi-idempotency-key-header). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set on an answer that is the kept answer of an earlier call with the same key. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';
/** How long a key is kept: a repeat after it creates again. */
export const IDEMPOTENCY_KEY_LIFETIME = "interval '24 hours'";

export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request: send a new key for a new request';
export const KEY_IN_USE_MESSAGE =
  'A request with this Idempotency-Key has not finished (or stopped before it answered): try again in a moment, or check whether it was done before sending a new key';
export const BAD_KEY_MESSAGE = 'Idempotency-Key must be 1 to 255 visible ASCII characters';

const KEY = /^[\x21-\x7e]{1,255}$/;

/** The header as the OpenAPI document describes it on every creating operation. */
export const IDEMPOTENCY_KEY_PARAMETER: Parameter = {
  name: 'Idempotency-Key',
  in: 'header',
  description:
    'A key the client makes for one create and sends again when it retries it (a UUID): a repeat within 24 hours with the same body is answered what the first call answered, with `Idempotent-Replayed: true`, and creates nothing.',
  schema: z.string().min(1).max(255),
};

export const IDEMPOTENCY_REFUSAL: Answer = refused(
  `CONFLICT: "${KEY_REUSED_MESSAGE}" (the same key with another body), or "${KEY_IN_USE_MESSAGE}"`,
);

/** Who a key belongs to: a key never answers another caller's call. */
function callerOf(req: Request, res: Response): string {
  const viewer = res.locals.viewer as Viewer | undefined;
  if (viewer) return viewer.apiKey ? `api-key:${viewer.apiKey.keyId}` : `user:${viewer.userId}`;
  // Public operations (an enquiry): the client's address is the only name the caller has.
  return `anonymous:${clientOf(req, res).ip ?? req.ip ?? ''}`;
}

/** The same JSON in any key order hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

type KeptCall = { body_hash: string; status: number | null; content_type: string | null; answer: string | null };

/**
 * Makes a creating operation safe to retry. Without the header the call goes through as before.
 * With it, (caller, key, operation) is claimed with the body's digest before the handler runs, so
 * two calls with one key never both create: the unique key settles a race. A 2xx answer is kept
 * (sealed: an API key's secret is in one) before it is sent; any other answer gives the key back,
 * so the client may correct and retry. Claims older than 24 hours are forgotten.
 */
export function idempotent(db: Database, secretBox: SecretBox, operation: string): RequestHandler {
  return async (req, res, next) => {
    const key = req.get(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined) return next();
    if (!KEY.test(key)) throw new HttpError('BAD_REQUEST', BAD_KEY_MESSAGE, 'Idempotency-Key');
    const caller = callerOf(req, res);
    const bodyHash = createHash('sha256').update(canonical(req.body)).digest('base64url');
    const context = `idempotency:${caller}:${operation}`;

    await db.query(`DELETE FROM idempotency_keys WHERE created_at < now() - ${IDEMPOTENCY_KEY_LIFETIME}`);
    const claimed = await db.query(
      `INSERT INTO idempotency_keys (caller, idempotency_key, operation, body_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [caller, key, operation, bodyHash],
    );
    if (claimed.length === 0) {
      const [kept] = await db.query<KeptCall>(
        `SELECT body_hash, status, content_type, answer FROM idempotency_keys
         WHERE caller = $1 AND idempotency_key = $2 AND operation = $3`,
        [caller, key, operation],
      );
      // Forgotten between the two statements (expired or given back): the client retries.
      if (!kept || kept.body_hash !== bodyHash) throw new HttpError('CONFLICT', KEY_REUSED_MESSAGE);
      if (kept.status === null || kept.answer === null) {
        throw new HttpError('CONFLICT', KEY_IN_USE_MESSAGE, undefined, { 'retry-after': '1' });
      }
      res.status(kept.status).set(IDEMPOTENT_REPLAY_HEADER, 'true');
      if (kept.content_type) res.type(kept.content_type);
      res.send(secretBox.open(kept.answer, context));
      return;
    }

    // The answer is kept (or the key given back) before it leaves: a client that has it can rely on a repeat answering the same.
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((...args: unknown[]) => {
      const chunk = typeof args[0] === 'function' ? undefined : args[0];
      const body = chunk === undefined || chunk === null ? '' : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk);
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      const settle = ok
        ? db.query(
            `UPDATE idempotency_keys SET status = $4, content_type = $5, answer = $6
             WHERE caller = $1 AND idempotency_key = $2 AND operation = $3`,
            [caller, key, operation, res.statusCode, res.get('content-type') ?? null, secretBox.seal(body, context)],
          )
        : db.query(`DELETE FROM idempotency_keys WHERE caller = $1 AND idempotency_key = $2 AND operation = $3`, [caller, key, operation]);
      // The create is done either way; a claim left unanswered only refuses repeats until it expires.
      settle.catch(() => undefined).finally(() => end(...args));
      return res;
    }) as typeof res.end;
    next();
  };
}
