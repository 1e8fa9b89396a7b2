import type { UserError } from '../generated/graphql';
import type { GatewayContext } from '../context';

const MESSAGES = {
  missing: 'Please wait for the automatic human check to finish, then try again.',
  invalid: 'The automatic human check failed. Please try again.',
  expired: 'The automatic human check expired. Please try again.',
  replayed: 'The automatic human check was already used. Please try again.',
} as const;

/** The captcha of a public mutation: no errors when it is solved and fresh, else one to show. */
export async function captchaErrors(ctx: GatewayContext, captcha: string): Promise<UserError[]> {
  const verdict = await ctx.captcha.verify(captcha);
  return verdict === 'ok' ? [] : [{ code: 'CAPTCHA_FAILED', field: 'captcha', message: MESSAGES[verdict] }];
}
