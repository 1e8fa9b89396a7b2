import { z } from 'zod';
import { CAPTCHA_TTL_MS } from '@yozy/shared';
import { HttpError, parseBody } from '#http/errors';
import { route } from '#http/route';
import { refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';

export const consumeBody = requestSchema(
  'CaptchaSolution',
  z.object({
    signature: z
      .string({ error: 'Send the signature of the solved challenge' })
      .min(1, 'Send the signature of the solved challenge')
      .max(512),
    expiresAt: z.iso.datetime({ offset: true, error: 'Send expiresAt as an ISO 8601 time' }),
  }),
);

/** Leeway for the gateway's clock running ahead of ours. */
const CLOCK_SKEW_MS = 60_000;

const captchaConsumed = answerSchema('CaptchaConsumed', z.strictObject({ consumed: z.literal(true) }));

/**
 * Replay protection for the gateway's ALTCHA captcha: the gateway verifies a solution itself and
 * records its signature here, where every gateway instance sees it, so a solution counts once.
 */
export const captchaRoutes = [
  route(
    {
      method: 'post',
      path: '/captcha/consume',
      access: 'gateway',
      operationId: 'consumeCaptcha',
      tag: 'Captcha',
      summary: "Record a verified captcha solution's signature, so it is accepted once across gateway instances",
      body: consumeBody,
      responses: {
        201: { description: 'First use', body: captchaConsumed },
        400: refused('BAD_REQUEST: signature missing, or expiresAt not an ISO 8601 time'),
        409: refused('CONFLICT: this captcha was already used'),
      },
    },
    async (req, res, { db }) => {
      const { signature, expiresAt } = parseBody(consumeBody, req.body);
      // No challenge lives longer than the gateway's TTL: a later expiry would keep rows for ever.
      if (Date.parse(expiresAt) > Date.now() + CAPTCHA_TTL_MS + CLOCK_SKEW_MS) {
        throw new HttpError('BAD_REQUEST', 'expiresAt is later than any challenge can live', 'expiresAt');
      }
      // A signature past its expiry is refused by the gateway anyway, so its row can go; doing it
      // here keeps the table small without a scheduled job.
      await db.query('DELETE FROM used_captchas WHERE expires_at < now()');
      const inserted = await db.query(
        'INSERT INTO used_captchas (signature, expires_at) VALUES ($1, $2) ON CONFLICT (signature) DO NOTHING RETURNING signature',
        [signature, expiresAt],
      );
      if (!inserted.length) throw new HttpError('CONFLICT', 'This captcha was already used');
      res.status(201).json({ consumed: true });
    },
  ),
];
