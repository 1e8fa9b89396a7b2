import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** How long a person has between loading a form and sending it. */
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;

// Proof of work a browser solves in well under a second, invisibly; enough to price out bulk abuse.
const COST = 1;
const MIN_COUNTER = 5_000;
const MAX_COUNTER = 50_000;

export type CaptchaVerdict = 'ok' | 'missing' | 'invalid' | 'expired' | 'replayed';

/**
 * ALTCHA proof-of-work captcha, self-hosted. A challenge is signed with the gateway's secret, so
 * any instance can check it; a solved challenge is accepted once (`consume` records its signature
 * where every instance sees it) and not after it expires. While the secret is being rotated, a
 * challenge signed with the previous one is accepted too.
 */
export class Captcha {
  constructor(
    private readonly secret: string,
    private readonly consume: (signature: string, expiresAt: Date) => Promise<boolean>,
    private readonly previousSecret?: string,
  ) {}

  challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: 'SHA-256',
      cost: COST,
      counter: randomInt(MAX_COUNTER, MIN_COUNTER),
      deriveKey,
      hmacSignatureSecret: this.secret,
      expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
    });
  }

  async verify(encoded: string | null | undefined): Promise<CaptchaVerdict> {
    if (!encoded) return 'missing';
    const payload = decode(encoded);
    if (!payload) return 'invalid';
    const verify = (secret: string) => verifySolution({ ...payload, deriveKey, hmacSignatureSecret: secret }).catch(() => null);
    let result = await verify(this.secret);
    if (this.previousSecret && result?.invalidSignature) result = (await verify(this.previousSecret)) ?? result;
    if (!result) return 'invalid';
    if (result.expired) return 'expired';
    const { signature } = payload.challenge;
    if (!result.verified || !signature) return 'invalid';
    const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? 0) * 1000 || Date.now() + CAPTCHA_TTL_MS);
    return (await this.consume(signature, expiresAt)) ? 'ok' : 'replayed';
  }
}

/** The widget sends base64-encoded JSON; tools may send the JSON itself. */
function decode(encoded: string): Payload | null {
  for (const text of [encoded, Buffer.from(encoded, 'base64').toString('utf8')]) {
    try {
      const value = JSON.parse(text) as Partial<Payload>;
      if (value?.challenge?.parameters && value.solution && typeof value.solution.counter === 'number') return value as Payload;
    } catch {
      // try the next encoding
    }
  }
  return null;
}
