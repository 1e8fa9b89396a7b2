export const loginPath = '/login';
export const signupPath = '/signup';

// The emailed links' screens, in the format the mails write them.
export {
  FORGOT_PASSWORD_PATH as forgotPasswordPath,
  RESET_PASSWORD_ROUTE as resetPasswordRoute,
  SET_PASSWORD_ROUTE as setPasswordRoute,
} from '@yozy/shared';
