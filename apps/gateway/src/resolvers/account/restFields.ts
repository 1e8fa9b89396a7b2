import type { FieldMap } from '@yozy/shared';

// The account forms' fields as the REST service names them. They sit beside the resolvers until
// these forms get shared input schemas in packages/shared, where their maps then belong.

export const PASSWORD_RESET_REQUEST_REST_FIELDS = { email: 'email' } as const satisfies FieldMap;

export const PASSWORD_RESET_REST_FIELDS = {
  email: 'email',
  token: 'token',
  password: 'password',
  confirmPassword: 'newpassword',
} as const satisfies FieldMap;

export const SET_PASSWORD_REST_FIELDS = {
  email: 'email',
  token: 'token',
  firstName: 'firstname',
  lastName: 'lastname',
  password: 'password',
  confirmPassword: 'confirmpassword',
} as const satisfies FieldMap;
