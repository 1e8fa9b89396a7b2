export const loginPath = '/login';
export const signupPath = '/signup';
export const forgotPasswordPath = '/forgotpassword';

/** The emailed reset link: /forgotpassword/{token}/{email}. */
export const resetPasswordPath = (token: string, email: string) =>
  `${forgotPasswordPath}/${encodeURIComponent(token)}/${encodeURIComponent(email)}`;

/** The invitation link: /setpassword/{email}/{firstname}/{lastname}. */
export const setPasswordPath = (email: string, firstName: string, lastName: string) =>
  `/setpassword/${[email, firstName, lastName].map(encodeURIComponent).join('/')}`;

/** Router patterns for the two link screens. */
export const resetPasswordRoute = `${forgotPasswordPath}/:token/:email`;
export const setPasswordRoute = '/setpassword/:email/:firstname/:lastname';
