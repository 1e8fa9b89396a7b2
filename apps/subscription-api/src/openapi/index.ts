import { z } from 'zod';
import { TOKEN_VALIDITY_HOURS } from '@yozy/shared';
import { DEFAULT_LIMIT, MAX_LIMIT, OPERATORS, type Field } from '../http/resource';
import { createUserBody, INVALID_LINK_MESSAGE, linkBody, resetRequestBody, RESET_REQUEST_MIN_MS, resetBody } from '../routes/auth';
import { consumeBody } from '../routes/captcha';
import { planFields, productFields } from '../routes/catalogue';
import { clientFields } from '../routes/clients';
import { ALREADY_ACCEPTED_MESSAGE, invitationFields, NOTHING_TO_REVOKE_MESSAGE, resendBody, revokeBody } from '../routes/invitations';
import {
  activationBody,
  clientUserFields,
  EMAIL_TAKEN_MESSAGE,
  inviteBody,
  OWN_ACCOUNT_MESSAGE,
  seatsQuery,
  signOutBody,
  UNKNOWN_ROLE_MESSAGE,
  userRoleFields,
} from '../routes/clientUsers';
import { enquiryBody, PENDING_ENQUIRY_MESSAGE } from '../routes/enquiries';
import { productAddressQuery, signInBody } from '../routes/users';
import {
  captchaConsumed,
  clientRecord,
  clientUserRecord,
  sessionsEnded,
  invitationRecord,
  invitationResent,
  productSeats,
  userRoleRecord,
  enquiryCreated,
  errorAnswer,
  healthAnswer,
  invitationAnswer,
  linkVerdict,
  passwordResetAnswer,
  planRecord,
  productAddressAnswer,
  productRecord,
  profile,
  resetRequestAnswer,
  signInAnswer,
} from './answers';
import { buildDocument, type Answer, type Operation, type Parameter } from './build';
import { GATEWAY_ONLY_PATHS } from '../http/gateway';

const refused = (description: string): Answer => ({ description, body: errorAnswer });
const NO_SESSION = refused('UNAUTHENTICATED: no token, an ended or expired session, or a uuid header of someone else');

const passwordErrors = (confirmationField: string) =>
  refused(
    `INVALID_TOKEN (field token: "${INVALID_LINK_MESSAGE}": expired, used, voided, unknown or another email's), WEAK_PASSWORD (field password), PASSWORD_MISMATCH (field ${confirmationField}), BAD_REQUEST (a field missing or not a string)`,
  );

const FILTER = new RegExp(`^(${[...OPERATORS.keys()].join('|')})\\.`);

/**
 * The query string every list resource takes: its fields as filters, a search over its searchable
 * fields (when it has any), then select, order on its sortable fields, limit and offset.
 */
function listParameters(fields: Record<string, Field>): Parameter[] {
  const searchable = Object.entries(fields)
    .filter(([, field]) => field.searchable)
    .map(([name]) => name);
  const sortable = Object.entries(fields)
    .filter(([, field]) => field.sort)
    .map(([name]) => name);
  const filters = Object.entries(fields)
    .filter(([, field]) => field.type !== 'textList')
    .map(([name]) => ({
      name,
      in: 'query' as const,
      description: `Filter on ${name}, e.g. ${name}=eq.1`,
      schema: z.string().regex(FILTER),
    }));
  return [
    ...filters,
    { name: 'select', in: 'query', description: 'Comma-separated field names; only those come back', schema: z.string() },
    ...(searchable.length
      ? [
          {
            name: 'or',
            in: 'query' as const,
            description: `Search, PostgREST style: (${searchable.map((name) => `${name}.ilike.*text*`).join(',')}); a value holding , ( ) or " is double-quoted`,
            schema: z.string().regex(/^\(.*\)$/s),
          },
        ]
      : []),
    {
      name: 'order',
      in: 'query',
      description: sortable.length
        ? `field.asc or field.desc, comma-separated, on ${sortable.join(', ')}`
        : 'No order: the rows come in their natural order',
      schema: z.string(),
    },
    { name: 'limit', in: 'query', schema: z.int().min(0).max(MAX_LIMIT).default(DEFAULT_LIMIT) },
    { name: 'offset', in: 'query', schema: z.int().min(0).default(0) },
    { name: 'Prefer', in: 'header', description: 'Ask for the total in Content-Range', schema: z.enum(['count=exact']) },
  ];
}

const listAnswer = (description: string, record: z.core.$ZodType): Answer => ({
  description,
  body: z.array(record),
  headers: {
    'Content-Range': {
      description: 'With Prefer: count=exact, the rows answered and the total: 0-24/310, or */0 when none',
      schema: z.string().regex(/^(\d+-\d+|\*)\/\d+$/),
    },
  },
});

const publicList = (operationId: string, summary: string, fields: Record<string, Field>, record: z.core.$ZodType): Operation => ({
  operationId,
  tag: 'Catalogue',
  summary,
  public: true,
  parameters: listParameters(fields),
  responses: {
    200: listAnswer('Rows on sale', record),
    400: refused('BAD_REQUEST: an unknown field, or a malformed filter, order or count'),
  },
});

/** Every answer body by its component name, for the tests that hold real answers against them. */
export const answerSchemas = {
  Error: errorAnswer,
  Health: healthAnswer,
  Client: clientRecord,
  Product: productRecord,
  Plan: planRecord,
  Profile: profile,
  SignInAnswer: signInAnswer,
  ProductAddress: productAddressAnswer,
  PasswordResetRequested: resetRequestAnswer,
  ResetLinkVerdict: linkVerdict,
  PasswordResetDone: passwordResetAnswer,
  InvitationAccepted: invitationAnswer,
  CaptchaConsumed: captchaConsumed,
  EnquiryCreated: enquiryCreated,
  ClientUser: clientUserRecord,
  UserRole: userRoleRecord,
  ProductSeats: productSeats,
  Invitation: invitationRecord,
  InvitationResent: invitationResent,
  SessionsEnded: sessionsEnded,
} as const;

/** The REST contract of what exists; the gateway's REST types are generated from it. */
export const openApiDocument = buildDocument({
  gatewayOnlyPaths: GATEWAY_ONLY_PATHS,
  gatewayRefusal: refused('UNAUTHENTICATED: called without the gateway’s service credential'),
  info: {
    title: 'Yozy subscription service',
    version: '1.0.0',
    description:
      'Organisations, users, licences and sessions. Operations with an empty security list are public (health, the product and plan masters). Sign-in, the password and invitation flows, captcha replay protection, the sign-up enquiry and the product address are for the gateway only: they need its service credential in the `x-service-token` header, because the gateway checks the captcha and counts attempts before it calls them. Every other operation needs `Authorization: Bearer <session token>`, and the organisation scope comes from the token. Filters on list resources take the form `Field=op.value` with op one of eq, neq, gt, gte, lt, lte, like, ilike (with * as wildcard), in.(a,b), is.null|true|false.',
  },
  servers: [{ url: '/', description: 'The address this document was fetched from' }],
  tags: [
    { name: 'Service', description: 'Whether the service can answer' },
    { name: 'Session', description: 'Signing in and out, and who is signed in' },
    { name: 'Account', description: 'Emailed password-reset links and invitations' },
    { name: 'Captcha', description: "Replay protection for the gateway's captcha" },
    { name: 'Catalogue', description: 'The products and plans on sale' },
    { name: 'Enquiries', description: 'Companies asking to subscribe' },
    { name: 'Organisations', description: 'The organisations (clients) of the provider' },
    { name: 'Users', description: 'The people of an organisation, their roles, seats and invitations' },
  ],
  inputs: {
    SignIn: signInBody,
    PasswordResetRequest: resetRequestBody,
    ResetLink: linkBody,
    PasswordReset: resetBody,
    InvitationAcceptance: createUserBody,
    CaptchaSolution: consumeBody,
    EnquiryForm: enquiryBody,
    UserInvitation: inviteBody,
    InvitationResend: resendBody,
    InvitationRevoke: revokeBody,
    UserActivation: activationBody,
    UsersSignOut: signOutBody,
  },
  outputs: answerSchemas,

  paths: {
    '/health': {
      get: {
        operationId: 'getHealth',
        tag: 'Service',
        summary: 'The service and its database are reachable',
        public: true,
        responses: {
          200: { description: 'Healthy', body: healthAnswer },
          400: refused('BAD_REQUEST: the request carried a JSON body that does not parse'),
          503: refused('INTERNAL: the database is unreachable'),
        },
      },
    },
    '/users/signIn': {
      post: {
        operationId: 'signIn',
        tag: 'Session',
        summary: 'Start a session with email and password',
        public: true,
        body: signInBody,
        responses: {
          200: { description: 'Signed in', body: signInAnswer },
          400: refused('BAD_REQUEST: a field missing or too long'),
          401: refused('INVALID_CREDENTIALS: incorrect email or password (the same answer for unknown, invited and deactivated accounts)'),
        },
      },
    },
    '/users/signOut': {
      post: {
        operationId: 'signOut',
        tag: 'Session',
        summary: 'End the session of the token',
        responses: { 204: { description: 'Ended' }, 401: NO_SESSION },
      },
    },
    '/users/me': {
      get: {
        operationId: 'getProfile',
        tag: 'Session',
        summary: 'The signed-in user and their organisation',
        responses: { 200: { description: 'Profile', body: profile }, 401: NO_SESSION },
      },
    },
    '/users/product-address': {
      get: {
        operationId: 'getProductAddress',
        tag: 'Session',
        summary: 'The product address a user is sent to after setting a password',
        description:
          "The lite product's domain when the plan group of the user's product (first role mapping) is MICROSAAS; otherwise, and whenever the lookup fails or finds nothing, the standard web product's. A SuperAdmin may ask about anyone; others only about people of their own organisation.",
        query: productAddressQuery,
        responses: {
          200: { description: 'The address', body: productAddressAnswer },
          400: refused('BAD_REQUEST: email missing (field email)'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: not of your organisation, or unknown (the same answer)'),
        },
      },
    },
    '/auth/password/request': {
      post: {
        operationId: 'requestPasswordReset',
        tag: 'Account',
        summary: 'Mail a password-reset link when an active account with a password has this email',
        description: `The answer is the same, and takes at least ${RESET_REQUEST_MIN_MS} ms, whether or not the account exists. The link is valid ${TOKEN_VALIDITY_HOURS} hours and works once.`,
        public: true,
        body: resetRequestBody,
        responses: {
          202: { description: 'Accepted (whether or not the account exists)', body: resetRequestAnswer },
          400: refused('BAD_REQUEST: not an email address (field email)'),
        },
      },
    },
    '/auth/password/linkverify': {
      post: {
        operationId: 'verifyResetLink',
        tag: 'Account',
        summary: `Whether a reset link is live: unused, not voided, under ${TOKEN_VALIDITY_HOURS} hours old, for this email (any case)`,
        public: true,
        body: linkBody,
        responses: {
          200: { description: 'Verdict', body: linkVerdict },
          400: refused('BAD_REQUEST: a field missing or not a string'),
        },
      },
    },
    '/auth/reset': {
      post: {
        operationId: 'resetPassword',
        tag: 'Account',
        summary: "Set a new password with a reset link's token",
        description:
          'In one transaction: the new argon2id hash, the token used, other reset tokens of the user voided, every live session ended (end_reason password_reset) and a "password changed" mail queued. Does not sign in. A weak password or a mismatch leaves the link usable.',
        public: true,
        body: resetBody,
        responses: { 200: { description: 'Password changed', body: passwordResetAnswer }, 400: passwordErrors('newpassword') },
      },
    },
    '/auth/create/user': {
      post: {
        operationId: 'acceptInvitation',
        tag: 'Account',
        summary: "An invited user sets their name and first password with the invitation's token",
        public: true,
        body: createUserBody,
        responses: { 200: { description: 'Password set', body: invitationAnswer }, 400: passwordErrors('confirmpassword') },
      },
    },
    '/captcha/consume': {
      post: {
        operationId: 'consumeCaptcha',
        tag: 'Captcha',
        summary: "Record a verified captcha solution's signature, so it is accepted once across gateway instances",
        public: true,
        body: consumeBody,
        responses: {
          201: { description: 'First use', body: captchaConsumed },
          400: refused('BAD_REQUEST: signature missing, or expiresAt not an ISO 8601 time'),
          409: refused('CONFLICT: this captcha was already used'),
        },
      },
    },
    '/subscription_product_master': {
      get: publicList('listProducts', 'Products on sale (public)', productFields, productRecord),
    },
    '/subscription_plan_master': {
      get: publicList('listPlans', 'Plans on sale (public); PlanGroup MICROSAAS is the lite tier', planFields, planRecord),
    },
    '/form/subscription_web_enquiry': {
      post: {
        operationId: 'createEnquiry',
        tag: 'Enquiries',
        summary: 'Public sign-up: a company asks to subscribe; the enquiry waits for approval',
        public: true,
        body: enquiryBody,
        responses: {
          201: { description: 'Stored, pending approval', body: enquiryCreated },
          400: refused(
            'BAD_REQUEST naming the field: a required field missing, a malformed email or phone, a product not on sale (ProductId), a plan not of that product (PlanId)',
          ),
          409: refused(`CONFLICT (field AdminEmail): "${PENDING_ENQUIRY_MESSAGE}"`),
        },
      },
    },
    '/subscription_client_details': {
      get: {
        operationId: 'listClients',
        tag: 'Organisations',
        summary: 'Organisations: all for a SuperAdmin, only their own for an organisation admin',
        parameters: listParameters(clientFields),
        responses: {
          200: listAnswer('Organisations', clientRecord),
          400: refused('BAD_REQUEST: an unknown field, or a malformed filter, order or count'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
        },
      },
    },
    '/subscription_client_users': {
      get: {
        operationId: 'listClientUsers',
        tag: 'Users',
        summary: 'The people of one organisation: the caller’s own unless a SuperAdmin names another with ClientId',
        parameters: listParameters(clientUserFields),
        responses: {
          200: listAnswer('Users', clientUserRecord),
          400: refused('BAD_REQUEST: an unknown field, or a malformed filter, order or count'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
        },
      },
    },
    '/subscription_user_role_mapping': {
      get: {
        operationId: 'listUserRoles',
        tag: 'Users',
        summary: 'Which role of which product each person of one organisation holds',
        parameters: listParameters(userRoleFields),
        responses: {
          200: listAnswer('Role assignments', userRoleRecord),
          400: refused('BAD_REQUEST: an unknown field, or a malformed filter, order or count'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
        },
      },
    },
    '/subscription/seats': {
      get: {
        operationId: 'listSeats',
        tag: 'Users',
        summary: 'Seats used of capacity on each product the organisation has a live licence for, with its roles',
        query: seatsQuery,
        responses: {
          200: { description: 'One entry per licensed product', body: z.array(productSeats) },
          400: refused('BAD_REQUEST: ClientId is not a whole number'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
        },
      },
    },
    '/subscription/usercreation': {
      post: {
        operationId: 'inviteUser',
        tag: 'Users',
        summary: 'Invite a person: an account without a password, a role that takes a seat, and a mailed set-password link',
        description:
          'In one transaction: the seat is reserved on the role’s product (the licences stay locked until it commits), the user and role written, an invitation token issued, the mail queued and the audit log written. Refused with nothing written when it does not fit.',
        body: inviteBody,
        responses: {
          201: { description: 'Invited', body: clientUserRecord },
          400: refused(
            `BAD_REQUEST naming the field: a required field missing, a malformed email or phone, or "${UNKNOWN_ROLE_MESSAGE}" (RoleId)`,
          ),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          404: refused('NOT_FOUND: no such organisation'),
          409: refused(
            `CONFLICT (field OfficialEmail): "${EMAIL_TAKEN_MESSAGE}"; SEAT_LIMIT (field RoleId): no seat left on the role’s product, saying how many are left`,
          ),
        },
      },
    },
    '/subscription/invitations': {
      get: {
        operationId: 'listInvitations',
        tag: 'Users',
        summary: 'The newest invitation of each invited person of one organisation, with its status: PENDING, ACCEPTED, EXPIRED or REVOKED',
        parameters: listParameters(invitationFields),
        responses: {
          200: listAnswer('Invitations', invitationRecord),
          400: refused('BAD_REQUEST: an unknown field, or a malformed filter, order or count'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
        },
      },
    },
    '/subscription/invitations/resend': {
      post: {
        operationId: 'resendInvitation',
        tag: 'Users',
        summary: 'A new invitation link for a person who has not chosen a password; every earlier link is void',
        description:
          'Mailed unless SendMail is false (the administrator passes the link on). A person whose invitation was revoked is active again and takes their seats back (SEAT_LIMIT when none is left). Audited.',
        body: resendBody,
        responses: {
          200: { description: 'The new invitation and its link', body: invitationResent },
          400: refused('BAD_REQUEST: UserId missing or not a whole number'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          404: refused('NOT_FOUND (field UserId): no such person in the organisation'),
          409: refused(`CONFLICT (field UserId): "${ALREADY_ACCEPTED_MESSAGE}"; SEAT_LIMIT: no seat left to take back`),
        },
      },
    },
    '/subscription/invitations/revoke': {
      post: {
        operationId: 'revokeInvitation',
        tag: 'Users',
        summary: 'Void a pending invitation; the person, who never chose a password, is deactivated and frees their seat',
        body: revokeBody,
        responses: {
          200: { description: 'The revoked invitation', body: invitationRecord },
          400: refused('BAD_REQUEST: UserId missing or not a whole number'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          404: refused('NOT_FOUND (field UserId): no such person in the organisation'),
          409: refused(`CONFLICT (field UserId): "${NOTHING_TO_REVOKE_MESSAGE}"`),
        },
      },
    },
    '/subscription/UserActivation': {
      post: {
        operationId: 'setUsersActive',
        tag: 'Users',
        summary: 'Activate or deactivate people of one organisation, all or none',
        description:
          'Activation takes a seat on every product a person holds a role for; when they do not all fit the answer is SEAT_LIMIT and nothing changes. Deactivation ends every live session of those people at once (end_reason deactivated). Each change is audited.',
        body: activationBody,
        responses: {
          200: { description: 'The people as they are now', body: z.array(clientUserRecord) },
          400: refused(`BAD_REQUEST: UserIds missing, empty or over 100, IsActive missing, or "${OWN_ACCOUNT_MESSAGE}" (UserIds)`),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          404: refused('NOT_FOUND (field UserIds): some of the people are not of the organisation'),
          409: refused('SEAT_LIMIT (field UserIds): not enough seats left, saying how many are'),
        },
      },
    },
    '/subscription/users/signout': {
      post: {
        operationId: 'signOutUsers',
        tag: 'Users',
        summary: 'End every live session of people of one organisation at once',
        body: signOutBody,
        responses: {
          200: { description: 'How many sessions ended', body: sessionsEnded },
          400: refused('BAD_REQUEST: UserIds missing, empty or over 100'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          404: refused('NOT_FOUND (field UserIds): some of the people are not of the organisation'),
        },
      },
    },
  },
});

export type OpenApiDocument = typeof openApiDocument;
