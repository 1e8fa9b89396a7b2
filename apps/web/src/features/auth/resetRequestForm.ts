import { emailError } from '../../lib/formChecks';
import { EMAIL_MISSING_MESSAGE } from './signInForm';

export type ResetRequestErrors = { email?: string };

export function validateResetRequest(email: string): ResetRequestErrors {
  const problem = emailError(email, EMAIL_MISSING_MESSAGE);
  return problem ? { email: problem } : {};
}
