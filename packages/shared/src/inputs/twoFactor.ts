import { z } from 'zod';

export const TWO_FACTOR_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';
export const RECOVERY_CODE_MESSAGE = 'Enter one of your recovery codes';

/** A code of an authenticator app: six digits (spaces typed between them are dropped). */
export const twoFactorCode = z
  .string({ error: TWO_FACTOR_CODE_MESSAGE })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_CODE_MESSAGE));

/** One of the ten recovery codes, as printed (two groups of five, any case). */
export const recoveryCode = z
  .string({ error: RECOVERY_CODE_MESSAGE })
  .trim()
  .min(1, RECOVERY_CODE_MESSAGE)
  .max(40, 'That is not a recovery code');

/** Confirming an enrolment, or the code step of a sign-in. */
export const twoFactorCodeInput = z.object({ code: twoFactorCode });

/** The code step of a sign-in, or turning two-factor off, with a recovery code instead of a code. */
export const recoveryCodeInput = z.object({ recoveryCode });
