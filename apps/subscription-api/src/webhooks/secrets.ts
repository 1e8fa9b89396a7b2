import { randomBytes } from 'node:crypto';

/** What seals an endpoint's signing secret: the column, and the endpoint it belongs to. */
export const webhookSecretContext = (endpointId: number) => `webhook_secret:${endpointId}`;

/** How long the secret before a rotation still signs, beside the new one. */
export const PREVIOUS_SECRET_HOURS = 24;

/**
 * A new signing secret in the form Standard Webhooks gives them: `whsec_` and 32 random bytes in
 * base64 (the key is the bytes, as the `standardwebhooks` library reads it).
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
