import type { GatewayContext } from '#context';
import { UserErrors } from '#errors';

const MESSAGES = {
  missing: 'Please wait for the automatic human check to finish, then try again.',
  invalid: 'The automatic human check failed. Please try again.',
  expired: 'The automatic human check expired. Please try again.',
  replayed: 'The automatic human check was already used. Please try again.',
} as const;

/** The captcha of a public mutation: passes when it is solved and fresh, else throws the error to show in the payload. */
export async function requireSolvedCaptcha(ctx: GatewayContext, captcha: string): Promise<void> {
  const verdict = await ctx.captcha.verify(captcha);
  if (verdict !== 'ok') throw new UserErrors([{ code: 'CAPTCHA_FAILED', field: 'captcha', message: MESSAGES[verdict] }]);
}
