import type { FieldMap } from '@yozy/shared';

/** The sign-in form's fields as the REST service names them. */
export const SIGN_IN_REST_FIELDS = { email: 'email', password: 'password' } as const satisfies FieldMap;
