import { NEW_PASSWORD_REST_FIELDS, PASSWORD_RESET_REQUEST_REST_FIELDS, SET_PASSWORD_REST_FIELDS, type FieldMap } from '@yozy/shared';

// The account forms' fields as the REST service names them: the shared maps of the inputs both
// sides check, plus the emailed link's email and token, which the form does not type.
const LINK_REST_FIELDS = { email: 'email', token: 'token' } as const satisfies FieldMap;

export { PASSWORD_RESET_REQUEST_REST_FIELDS };
export const PASSWORD_RESET_REST_FIELDS = { ...LINK_REST_FIELDS, ...NEW_PASSWORD_REST_FIELDS } as const;
export const SET_PASSWORD_WITH_LINK_REST_FIELDS = { ...LINK_REST_FIELDS, ...SET_PASSWORD_REST_FIELDS } as const;
