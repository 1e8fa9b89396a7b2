import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * Device cookies, as OWASP's Authentication Cheat Sheet describes them ("Slow down online guessing
 * attacks with device cookies"): a browser in which a person signed in gets a signed cookie for
 * that account, and a sign-in from it is not held back by the failures strangers cause on the
 * account elsewhere (rateLimits.ts counts its failures against the cookie instead).
 *
 * One httpOnly cookie holds an entry per account the browser signed in to, newest first. An entry
 * binds the account (a digest of its normalised email, and the person's id, which the code step
 * knows it by), when it was issued and a random nonce, under an HMAC-SHA256 signature with a key
 * of the gateway's own; the nonce names the entry in the counters.
 */
export const DEVICE_COOKIE = 'sign_in_device';
export const DEVICE_COOKIE_MAX_AGE_MS = 90 * 24 * 60 * 60_000;
/** Accounts remembered per browser; a browser shared by more people forgets the longest unused. */
const MAX_ACCOUNTS = 10;
const VERSION = 'd1';

/** The account a code step names: the person's id, as the step's token starts with it. */
export const personAccount = (userId: string | number) => `user:${userId}`;

/** An account's counters and device cookies know it by a digest of its normalised email: short, and no address is kept. */
export function accountKey(account: string): string {
  return createHash('sha256').update(account.trim().toLowerCase()).digest('hex').slice(0, 32);
}

/**
 * The key device cookies are signed with, derived from the gateway's captcha secret under a label
 * of its own, so neither signature can stand for the other and there is one secret to configure.
 */
export function deviceCookieKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('yozy device cookie signing key').digest();
}

type Entry = { account: string; userId: string; issuedAt: number; nonce: string };

const payloadOf = (entry: Entry) => [VERSION, entry.account, entry.userId, entry.issuedAt.toString(36), entry.nonce].join('.');
const signatureOf = (key: Buffer, entry: Entry) => createHmac('sha256', key).update(payloadOf(entry)).digest('base64url');
const encode = (key: Buffer, entry: Entry) => `${payloadOf(entry)}.${signatureOf(key, entry)}`;

/** One entry of the cookie, when its signature is the gateway's and it is not older than the cookie may be. */
function decode(key: Buffer, text: string, now: number): Entry | null {
  const [version, account, userId, issued, nonce, signature, ...rest] = text.split('.');
  if (version !== VERSION || rest.length || !account || !userId || !issued || !nonce || !signature) return null;
  const entry: Entry = { account, userId, issuedAt: parseInt(issued, 36), nonce };
  const expected = Buffer.from(signatureOf(key, entry));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!Number.isSafeInteger(entry.issuedAt) || entry.issuedAt * 1000 + DEVICE_COOKIE_MAX_AGE_MS <= now) return null;
  return entry;
}

export type DeviceCookies = {
  /**
   * The id of this browser's device cookie for the account (an email, or `personAccount` of a
   * code step) when it holds a valid one; null otherwise.
   */
  trusted(account: string): string | null;
  /** A session started for the person in this browser: it gets a new device cookie for them. */
  remember(person: { email: string; userId: string | number }): void;
};

/**
 * The device cookies of one request. Entries signed with `previousKey` (the key of the captcha
 * secret before a rotation) count too, and are signed again with `key` when the cookie is next written.
 */
export function deviceCookies(key: Buffer, req: Request, res: Response, previousKey?: Buffer): DeviceCookies {
  let entries: Entry[] | undefined;
  const current = () => {
    if (entries) return entries;
    const value = ((req.cookies ?? {}) as Record<string, unknown>)[DEVICE_COOKIE];
    const now = Date.now();
    entries = (typeof value === 'string' ? value.split('~') : [])
      .slice(0, MAX_ACCOUNTS)
      .flatMap((text) => decode(key, text, now) ?? (previousKey && decode(previousKey, text, now)) ?? []);
    return entries;
  };
  return {
    trusted(account) {
      const person = /^user:(\d+)$/.exec(account)?.[1];
      const digest = accountKey(account);
      return current().find((entry) => (person ? entry.userId === person : entry.account === digest))?.nonce ?? null;
    },
    remember({ email, userId }) {
      const entry: Entry = {
        account: accountKey(email),
        userId: String(userId),
        issuedAt: Math.floor(Date.now() / 1000),
        nonce: randomBytes(16).toString('base64url'),
      };
      entries = [entry, ...current().filter((other) => other.userId !== entry.userId && other.account !== entry.account)].slice(
        0,
        MAX_ACCOUNTS,
      );
      res.cookie(DEVICE_COOKIE, entries.map((one) => encode(key, one)).join('~'), {
        httpOnly: true,
        sameSite: 'lax',
        secure: req.secure,
        path: '/',
        maxAge: DEVICE_COOKIE_MAX_AGE_MS,
      });
    },
  };
}
