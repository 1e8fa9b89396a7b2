import { z } from 'zod';
import { TOKEN_VALIDITY_HOURS } from '@yozy/shared';
import { DEFAULT_LIMIT, MAX_LIMIT, OPERATORS, type Field } from '../http/resource';
import { createUserBody, INVALID_LINK_MESSAGE, linkBody, resetRequestBody, RESET_REQUEST_MIN_MS, resetBody } from '../routes/auth';
import { consumeBody } from '../routes/captcha';
import { planFields, productFields, productRecord, planRecord } from '../routes/catalogue';
import { clientChangesBody, clientQuery } from '../routes/clients';
import { clientFields } from '../domain/organizations';
import { clientUserFields, EMAIL_TAKEN_MESSAGE, inviteBody, OWN_ACCOUNT_MESSAGE, UNKNOWN_ROLE_MESSAGE } from '../domain/people';
import {
  ALREADY_ACCEPTED_MESSAGE,
  invitationFields,
  KEY_GETS_NO_LINK_MESSAGE,
  NOTHING_TO_REVOKE_MESSAGE,
  resendBody,
  revokeBody,
  invitationRecord,
  invitationResent,
} from '../routes/invitations';
import {
  activationBody,
  approvalBody,
  APPROVAL_MESSAGE,
  seatsQuery,
  signOutBody,
  userRoleFields,
  userRoleRecord,
} from '../routes/clientUsers';
import { enquiryBody, PENDING_ENQUIRY_MESSAGE } from '../routes/enquiries';
import { dashboardQuery, MAX_RANGE_DAYS, statisticsQuery } from '../routes/insights';
import {
  GROUP_NAME_TAKEN_MESSAGE,
  groupCandidateFields,
  groupCreateBody,
  groupDeleteBody,
  groupFields,
  groupMemberFields,
  groupMembersBody,
  groupUpdateBody,
  NOT_MEMBERS_MESSAGE,
  groupRecord,
  groupMemberRecord,
  groupCandidateRecord,
  groupDeleted,
} from '../routes/groups';
import {
  addLicenceBody,
  changeLicencePlanBody,
  extendLicenceBody,
  LICENCE_ACTIVE_PATH,
  LICENCE_EXTEND_PATH,
  LICENCE_PATH,
  LICENCE_PLAN_PATH,
  licenceFields,
  setLicenceActiveBody,
  licenceRecord,
} from '../routes/licences';
import { changePasswordBody } from '../routes/password';
import { auditActionsQuery, auditFields, auditRecord, auditActions } from '../routes/auditLog';
import { ORG_SETTINGS_PATH, orgSettingsBody, orgSettingsQuery } from '../routes/organizationSettings';
import {
  EMAIL_SETTINGS_PATH,
  EMAIL_TEMPLATES_PATH,
  emailSettingsBody,
  emailSettingsQuery,
  emailTemplateBody,
  emailTemplateResetBody,
  emailTestBody,
} from '../routes/emailSettings';
import {
  OUTBOX_CONTENT_PATH,
  OUTBOX_PATH,
  outboxContentQuery,
  outboxFields,
  outboxRecord,
  outboxContentRecord,
} from '../routes/platform/outbox';
import {
  SSO_SETTINGS_PATH,
  ssoDiscoverBody,
  ssoDomainBody,
  ssoFinishBody,
  ssoLookupQuery,
  ssoSettingsBody,
  ssoSettingsQuery,
  ssoStartBody,
} from '../routes/sso';
import { regionBody, regionChangesBody, regionFields, regionQuery, REGIONS_PATH, regionRecord } from '../routes/platform/regions';
import { roleBody, roleChangesBody, roleFields, roleQuery, ROLES_PATH, roleRecord } from '../routes/platform/roles';
import { API_KEYS_PATH, apiKeyBody, apiKeyFields, apiKeyQuery, apiKeyRecord, newApiKeyRecord } from '../routes/platform/apiKeys';
import {
  ADMINISTRATORS_PATH,
  administratorBody,
  administratorChangesBody,
  administratorFields,
  administratorQuery,
  administratorRecord,
} from '../routes/platform/administrators';
import { endOtherSessionsBody, endSessionBody, endUserSessionsBody, sessionFields, sessionRecord } from '../routes/sessions';
import { approveBody, enquiryFields, rejectBody, enquiryRecord, enquiryApproved, enquiryRejected } from '../routes/enquiryDecisions';
import { productAddressQuery, signInBody } from '../routes/users';
import { importBody } from '../routes/userImport';
import { managedPlanFields, planBody, planChangesBody, planQuery, PLANS_PATH, managedPlanRecord } from '../routes/platform/plans';
import { managedProductFields, productBody, productQuery, PRODUCTS_PATH, managedProductRecord } from '../routes/platform/products';
import {
  captchaConsumed,
  clientRecord,
  dashboardAnswer,
  clientUserRecord,
  usersSignedOut,
  userImportPreview,
  usersImported,
  productSeats,
  enquiryCreated,
  errorAnswer,
  healthAnswer,
  invitationAnswer,
  linkVerdict,
  passwordChanged,
  passwordResetAnswer,
  productAddressAnswer,
  profile,
  resetRequestAnswer,
  orgSettingsRecord,
  emailSettingsRecord,
  emailTestRecord,
  emailPreviewRecord,
  ssoSettingsRecord,
  ssoDiscoveryRecord,
  ssoLookupRecord,
  ssoStartRecord,
  sessionsEnded,
  signInAnswer,
  signInChallengeAnswer,
  signInStepAnswer,
  signInEnrolledAnswer,
  statisticsAnswer,
  twoFactorConfirmedAnswer,
  twoFactorEnrolmentAnswer,
  twoFactorStatusAnswer,
} from './answers';
import {
  confirmTwoFactorBody,
  disableTwoFactorBody,
  signInCodeBody,
  signInEnrolmentBody,
  signInEnrolmentConfirmBody,
} from '../routes/twoFactor';
import { EXPIRED_CHALLENGE_MESSAGE } from '../domain/signInChallenges';
import { STEP_ENDED_MESSAGE } from '../domain/signInStepBudget';
import { USED_CODE_MESSAGE, WRONG_CODE_MESSAGE, WRONG_RECOVERY_CODE_MESSAGE } from '../domain/twoFactor';
import { buildDocument, type Answer, type Operation, type Parameter } from './build';
import { GATEWAY_ONLY_PATHS } from '../http/gateway';

const refused = (description: string): Answer => ({ description, body: errorAnswer });
const FOR_SUPER_ADMINS = refused('FORBIDDEN: not one of the provider’s SuperAdmins');
const NO_SESSION = refused(
  'UNAUTHENTICATED: no token, an ended or expired session, a revoked API key, an API key sent without the gateway’s service credential, or a uuid header of someone else',
);

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
  SignInChallenge: signInChallengeAnswer,
  SignInStep: signInStepAnswer,
  SignInEnrolled: signInEnrolledAnswer,
  TwoFactorStatus: twoFactorStatusAnswer,
  TwoFactorEnrolment: twoFactorEnrolmentAnswer,
  TwoFactorConfirmed: twoFactorConfirmedAnswer,
  ProductAddress: productAddressAnswer,
  PasswordResetRequested: resetRequestAnswer,
  ResetLinkVerdict: linkVerdict,
  PasswordResetDone: passwordResetAnswer,
  InvitationAccepted: invitationAnswer,
  CaptchaConsumed: captchaConsumed,
  EnquiryCreated: enquiryCreated,
  Dashboard: dashboardAnswer,
  Statistics: statisticsAnswer,
  Group: groupRecord,
  GroupMember: groupMemberRecord,
  GroupCandidate: groupCandidateRecord,
  GroupDeleted: groupDeleted,
  Licence: licenceRecord,
  Session: sessionRecord,
  AuditEntry: auditRecord,
  AuditActions: auditActions,
  Region: regionRecord,
  Role: roleRecord,
  Administrator: administratorRecord,
  ApiKey: apiKeyRecord,
  NewApiKey: newApiKeyRecord,
  OrganizationSettings: orgSettingsRecord,
  EmailSettings: emailSettingsRecord,
  EmailTestSent: emailTestRecord,
  EmailPreview: emailPreviewRecord,
  OutboxMail: outboxRecord,
  OutboxMailContent: outboxContentRecord,
  SsoSettings: ssoSettingsRecord,
  SsoDiscovery: ssoDiscoveryRecord,
  SsoLookup: ssoLookupRecord,
  SsoStart: ssoStartRecord,
  SessionsEnded: sessionsEnded,
  PasswordChanged: passwordChanged,
  ManagedPlan: managedPlanRecord,
  ManagedProduct: managedProductRecord,
  Enquiry: enquiryRecord,
  EnquiryApproved: enquiryApproved,
  EnquiryRejected: enquiryRejected,
  ClientUser: clientUserRecord,
  UserRole: userRoleRecord,
  ProductSeats: productSeats,
  Invitation: invitationRecord,
  InvitationResent: invitationResent,
  UsersSignedOut: usersSignedOut,
  UserImportPreview: userImportPreview,
  UsersImported: usersImported,
} as const;

/** The REST contract of what exists; the gateway's REST types are generated from it. */
export const openApiDocument = buildDocument({
  gatewayOnlyPaths: GATEWAY_ONLY_PATHS,
  gatewayRefusal: refused('UNAUTHENTICATED: called without the gateway’s service credential'),
  info: {
    title: 'Yozy subscription service',
    version: '1.0.0',
    description:
      'Organisations, users, licences and sessions. Operations with an empty security list are public (health, the product and plan masters). Sign-in, the password and invitation flows, captcha replay protection, the sign-up enquiry and the product address are for the gateway only: they need its service credential in the `x-service-token` header, because the gateway checks the captcha and counts attempts before it calls them. Every other operation needs `Authorization: Bearer <session token>`, and the organisation scope comes from the token; an internal tool’s API key is taken in its place only from the gateway, with the service credential, since the gateway counts each key’s rate limit. Filters on list resources take the form `Field=op.value` with op one of eq, neq, gt, gte, lt, lte, like, ilike (with * as wildcard), in.(a,b), is.null|true|false.',
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
    { name: 'Insights', description: "An organisation's numbers for its dashboard and statistics" },
    { name: 'Groups', description: "An organisation's assignment groups and their members" },
    { name: 'Licences', description: "An organisation's licences and the seats they give" },
    { name: 'Sessions', description: "Sign-in sessions of an organisation's users, and ending them" },
    { name: 'Platform', description: "The provider's masters, for its SuperAdmins only" },
    { name: 'Users', description: 'The people of an organisation, their roles, seats and invitations' },
    { name: 'Audit', description: 'Who changed what, when and from where' },
  ],
  inputs: {
    SignIn: signInBody,
    PasswordResetRequest: resetRequestBody,
    ResetLink: linkBody,
    PasswordReset: resetBody,
    InvitationAcceptance: createUserBody,
    CaptchaSolution: consumeBody,
    EnquiryForm: enquiryBody,
    GroupCreate: groupCreateBody,
    GroupUpdate: groupUpdateBody,
    GroupDelete: groupDeleteBody,
    GroupMembersChange: groupMembersBody,
    SessionEnd: endSessionBody,
    UserSessionsEnd: endUserSessionsBody,
    OtherSessionsEnd: endOtherSessionsBody,
    PasswordChange: changePasswordBody,
    OrganizationSettingsChange: orgSettingsBody,
    EmailSettingsChange: emailSettingsBody,
    EmailTemplateChange: emailTemplateBody,
    EmailTemplateReset: emailTemplateResetBody,
    EmailTestRequest: emailTestBody,
    SsoSettingsChange: ssoSettingsBody,
    SsoDiscoveryRequest: ssoDiscoverBody,
    SsoDomainRequest: ssoDomainBody,
    SsoStartRequest: ssoStartBody,
    SsoFinishRequest: ssoFinishBody,
    PlanForm: planBody,
    PlanChanges: planChangesBody,
    AddLicence: addLicenceBody,
    ExtendLicence: extendLicenceBody,
    ChangeLicencePlan: changeLicencePlanBody,
    SetLicenceActive: setLicenceActiveBody,
    OrganizationChanges: clientChangesBody,
    ProductForm: productBody,
    RegionForm: regionBody,
    RegionChanges: regionChangesBody,
    RoleForm: roleBody,
    RoleChanges: roleChangesBody,
    AdministratorInvitation: administratorBody,
    AdministratorChanges: administratorChangesBody,
    ApiKeyForm: apiKeyBody,
    EnquiryApproval: approveBody,
    EnquiryRejection: rejectBody,
    UserInvitation: inviteBody,
    UserImport: importBody,
    InvitationResend: resendBody,
    InvitationRevoke: revokeBody,
    UserActivation: activationBody,
    UserApproval: approvalBody,
    UsersSignOut: signOutBody,
    TwoFactorConfirm: confirmTwoFactorBody,
    TwoFactorDisable: disableTwoFactorBody,
    SignInCode: signInCodeBody,
    SignInEnrolment: signInEnrolmentBody,
    SignInEnrolmentConfirm: signInEnrolmentConfirmBody,
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
          200: {
            description:
              'Signed in; or, for a person with two-factor on (or whose organisation requires it and who has none yet), no session but the step that asks for a code (or an enrolment)',
            body: signInStepAnswer,
          },
          400: refused('BAD_REQUEST: a field missing or too long'),
          401: refused('INVALID_CREDENTIALS: incorrect email or password (the same answer for unknown, invited and deactivated accounts)'),
        },
      },
    },
    '/users/signIn/code': {
      post: {
        operationId: 'signInWithCode',
        tag: 'Session',
        summary: 'Finish a sign-in with a code of the authenticator app, or a recovery code',
        description:
          'The step of the password answer, then a current code not used before (the step it belongs to is remembered) or one of the recovery codes, which is used up (audit two_factor.recovery_code_used). The step is then used and a session starts. A step takes five wrong codes, recovery codes included: each is counted under the step’s lock and kept although it is refused, and the fifth ends the step.',
        public: true,
        body: signInCodeBody,
        responses: {
          200: { description: 'Signed in', body: signInAnswer },
          400: refused(
            `INVALID_TOKEN (field challenge): "${EXPIRED_CHALLENGE_MESSAGE}"; BAD_REQUEST: a code that is not six digits, or neither or both of code and recoveryCode`,
          ),
          401: refused(
            `INVALID_CREDENTIALS (field code): "${WRONG_CODE_MESSAGE}" or "${USED_CODE_MESSAGE}"; (field recoveryCode): "${WRONG_RECOVERY_CODE_MESSAGE}"; (field challenge) the fifth wrong code of the step, which ends it: "${STEP_ENDED_MESSAGE}"`,
          ),
        },
      },
    },
    '/users/signIn/enrolment': {
      post: {
        operationId: 'startSignInEnrolment',
        tag: 'Session',
        summary: 'Set two-factor up during a sign-in the organisation requires it for',
        description:
          'Makes a new secret for the person of the step (sealed at rest) and answers it with its QR code; asking again replaces it.',
        public: true,
        body: signInEnrolmentBody,
        responses: {
          200: { description: 'A secret to confirm', body: twoFactorEnrolmentAnswer },
          400: refused(`INVALID_TOKEN (field challenge): "${EXPIRED_CHALLENGE_MESSAGE}"`),
        },
      },
    },
    '/users/signIn/enrolment/confirm': {
      post: {
        operationId: 'confirmSignInEnrolment',
        tag: 'Session',
        summary: 'Confirm the enrolment of a sign-in with a code, and start the session',
        description:
          'Turns two-factor on (audit two_factor.enable), answers the ten recovery codes once, uses the step and starts a session. The step takes five wrong codes, as for /users/signIn/code.',
        public: true,
        body: signInEnrolmentConfirmBody,
        responses: {
          200: { description: 'Signed in, with the recovery codes', body: signInEnrolledAnswer },
          400: refused(`INVALID_TOKEN (field challenge): "${EXPIRED_CHALLENGE_MESSAGE}"; BAD_REQUEST: a code that is not six digits`),
          401: refused(
            `INVALID_CREDENTIALS (field code): "${WRONG_CODE_MESSAGE}"; (field challenge) the fifth wrong code of the step, which ends it: "${STEP_ENDED_MESSAGE}"`,
          ),
          409: refused('CONFLICT: the enrolment was not started'),
        },
      },
    },
    '/users/two-factor': {
      get: {
        operationId: 'getTwoFactor',
        tag: 'Session',
        summary: 'Whether your own two-factor sign-in is on',
        responses: { 200: { description: 'Status', body: twoFactorStatusAnswer }, 401: NO_SESSION },
      },
    },
    '/users/two-factor/enrolment': {
      post: {
        operationId: 'startTwoFactorEnrolment',
        tag: 'Session',
        summary: 'Start setting up your own two-factor sign-in',
        description: 'A new secret, sealed at rest (AES-256-GCM), not on until confirmed; asking again replaces it.',
        responses: {
          200: { description: 'A secret to confirm', body: twoFactorEnrolmentAnswer },
          401: NO_SESSION,
          409: refused('CONFLICT: two-factor is already on'),
        },
      },
    },
    '/users/two-factor/confirm': {
      post: {
        operationId: 'confirmTwoFactor',
        tag: 'Session',
        summary: 'Turn your own two-factor sign-in on with a current code',
        description: 'Audit two_factor.enable. Answers the ten recovery codes, the only time they are shown.',
        body: confirmTwoFactorBody,
        responses: {
          200: { description: 'On', body: twoFactorConfirmedAnswer },
          400: refused('BAD_REQUEST: a code that is not six digits'),
          401: refused(`INVALID_CREDENTIALS (field code): "${WRONG_CODE_MESSAGE}"; or UNAUTHENTICATED: no live session`),
          409: refused('CONFLICT: already on, or no enrolment started'),
        },
      },
    },
    '/users/two-factor/disable': {
      post: {
        operationId: 'disableTwoFactor',
        tag: 'Session',
        summary: 'Turn your own two-factor sign-in off with a current code or a recovery code',
        description: 'Audit two_factor.disable; the secret and the recovery codes are deleted.',
        body: disableTwoFactorBody,
        responses: {
          200: { description: 'Off', body: twoFactorStatusAnswer },
          400: refused('BAD_REQUEST: neither or both of code and recoveryCode'),
          401: refused(
            `INVALID_CREDENTIALS (field code or recoveryCode): the code is not right or was used; or UNAUTHENTICATED: no live session`,
          ),
          403: refused('FORBIDDEN: the organisation requires two-factor sign-in'),
          409: refused('CONFLICT: two-factor is not on'),
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
      patch: {
        operationId: 'updateClient',
        tag: 'Organisations',
        summary:
          'Change an organisation’s details and default regions, or deactivate it (IsActive: false: every live session of its people ends in the same transaction, end_reason organization_deactivated) or activate it. SuperAdmins only; each change is audited',
        query: clientQuery,
        body: clientChangesBody,
        responses: {
          200: { description: 'The organisation as changed', body: clientRecord },
          400: refused('BAD_REQUEST naming the field (DefaultRegions: a region not in the regions master), or no field to change'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: not one of the provider’s SuperAdmins'),
          404: refused('NOT_FOUND (field ClientId): no such organisation'),
          409: refused('CONFLICT (field IsActive): the provider’s own organisation cannot be deactivated'),
        },
      },
    },
    '/insights/dashboard': {
      get: {
        operationId: 'getDashboard',
        tag: 'Insights',
        summary:
          "An organisation's people, seats, licences about to lapse, live sessions, waiting invitations and last 30 days of sign-ins",
        query: dashboardQuery,
        responses: {
          200: { description: 'The numbers', body: dashboardAnswer },
          400: refused('BAD_REQUEST (field ClientId): not a whole number'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          404: refused('NOT_FOUND (field ClientId): no such organisation'),
        },
      },
    },
    '/insights/statistics': {
      get: {
        operationId: 'getStatistics',
        tag: 'Insights',
        summary:
          "An organisation's sign-ins and active people per day over a range of days, seats, people per department and group, and project activity",
        query: statisticsQuery,
        responses: {
          200: { description: 'The numbers', body: statisticsAnswer },
          400: refused(
            `BAD_REQUEST: a malformed date, from after to, more than ${MAX_RANGE_DAYS} days (field from), or a ClientId that is not a whole number`,
          ),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          404: refused('NOT_FOUND (field ClientId): no such organisation'),
        },
      },
    },
    '/agilesaas_itsmassignmentgroup_master': {
      get: {
        operationId: 'listGroups',
        tag: 'Groups',
        summary: "Assignment groups with their member counts: an organisation admin's own organisation's, any for a SuperAdmin",
        parameters: listParameters(groupFields),
        responses: {
          200: listAnswer('Groups', groupRecord),
          400: refused('BAD_REQUEST: an unknown field, or a malformed filter, order or count'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
        },
      },
      post: {
        operationId: 'createGroup',
        tag: 'Groups',
        summary: "A new group in the caller's organisation, or in the one a SuperAdmin names (ClientId); written to the audit log",
        body: groupCreateBody,
        responses: {
          201: { description: 'Created', body: groupRecord },
          400: refused('BAD_REQUEST naming the field: GroupName missing or too long, Description too long'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          404: refused('NOT_FOUND: no such organisation (field ClientId)'),
          409: refused(`CONFLICT (field GroupName): "${GROUP_NAME_TAKEN_MESSAGE}"`),
        },
      },
    },
    '/agilesaas_itsmassignmentgroup_master/update': {
      post: {
        operationId: 'updateGroup',
        tag: 'Groups',
        summary: 'Rename a group or change its description; the changed fields go to the audit log',
        body: groupUpdateBody,
        responses: {
          200: { description: 'Changed', body: groupRecord },
          400: refused('BAD_REQUEST naming the field'),
          401: NO_SESSION,
          403: refused("FORBIDDEN: another organisation's group, or not an administrator"),
          404: refused('NOT_FOUND: no such group (field GroupId)'),
          409: refused(`CONFLICT (field GroupName): "${GROUP_NAME_TAKEN_MESSAGE}"`),
        },
      },
    },
    '/agilesaas_itsmassignmentgroup_master/delete': {
      post: {
        operationId: 'deleteGroup',
        tag: 'Groups',
        summary: 'Delete a group and its memberships (the people stay); the audit log keeps its name and members',
        body: groupDeleteBody,
        responses: {
          200: { description: 'Deleted', body: groupDeleted },
          400: refused('BAD_REQUEST: GroupId missing or not a whole number'),
          401: NO_SESSION,
          403: refused("FORBIDDEN: another organisation's group, or not an administrator"),
          404: refused('NOT_FOUND: no such group (field GroupId)'),
        },
      },
    },
    '/subscription_user_group_mapping': {
      get: {
        operationId: 'listGroupMembers',
        tag: 'Groups',
        summary: 'The members of one group (GroupId=eq.<id> is required)',
        parameters: listParameters(groupMemberFields),
        responses: {
          200: listAnswer('Members', groupMemberRecord),
          400: refused('BAD_REQUEST: no GroupId=eq.<id>, an unknown field, or a malformed filter, order or count'),
          401: NO_SESSION,
          403: refused("FORBIDDEN: another organisation's group, or not an administrator"),
          404: refused('NOT_FOUND: no such group (field GroupId)'),
        },
      },
      post: {
        operationId: 'addGroupMembers',
        tag: 'Groups',
        summary: "Add people to a group: only active people of the group's own organisation, or nothing is written",
        body: groupMembersBody,
        responses: {
          200: { description: 'The group with its new member count', body: groupRecord },
          400: refused(`BAD_REQUEST naming the field; UserIds: "${NOT_MEMBERS_MESSAGE}"`),
          401: NO_SESSION,
          403: refused("FORBIDDEN: another organisation's group, or not an administrator"),
          404: refused('NOT_FOUND: no such group (field GroupId)'),
        },
      },
    },
    '/subscription_user_group_mapping/remove': {
      post: {
        operationId: 'removeGroupMembers',
        tag: 'Groups',
        summary: 'Take people out of a group (they stay in the organisation)',
        body: groupMembersBody,
        responses: {
          200: { description: 'The group with its new member count', body: groupRecord },
          400: refused('BAD_REQUEST naming the field'),
          401: NO_SESSION,
          403: refused("FORBIDDEN: another organisation's group, or not an administrator"),
          404: refused('NOT_FOUND: no such group (field GroupId)'),
        },
      },
    },
    '/subscription_client_license_details': {
      get: {
        operationId: 'listLicences',
        tag: 'Licences',
        summary:
          "Licences with product, plan and the seats of their product: an organisation admin's own organisation's, any for a SuperAdmin",
        parameters: listParameters(licenceFields),
        responses: {
          200: listAnswer('Licences', licenceRecord),
          400: refused('BAD_REQUEST: an unknown field, or a malformed filter, order or count'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
        },
      },
    },
    [REGIONS_PATH]: {
      get: {
        operationId: 'listRegions',
        tag: 'Platform',
        summary: 'The regions master, with how many organisations name each region among their defaults',
        parameters: listParameters(regionFields),
        responses: {
          200: listAnswer('Regions', regionRecord),
          400: refused('BAD_REQUEST: an unknown field, or a malformed filter, order or count'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: not a SuperAdmin'),
        },
      },
      post: {
        operationId: 'createRegion',
        tag: 'Platform',
        summary: 'Add a region; organisations can name it among their defaults at once',
        body: regionBody,
        responses: {
          201: { description: 'The new region', body: regionRecord },
          400: refused('BAD_REQUEST naming the field: missing, too long, or a code of other characters'),
          401: NO_SESSION,
          403: FOR_SUPER_ADMINS,
          409: refused('CONFLICT (field RegionCode or RegionName): another region has this code or name'),
        },
      },
      patch: {
        operationId: 'updateRegion',
        tag: 'Platform',
        summary: 'Rename a region, or retire it (IsActive: false) so it can no longer be chosen, or offer it again; its code never changes',
        query: regionQuery,
        body: regionChangesBody,
        responses: {
          200: { description: 'The region as changed', body: regionRecord },
          400: refused('BAD_REQUEST naming the field, or no field to change'),
          401: NO_SESSION,
          403: FOR_SUPER_ADMINS,
          404: refused('NOT_FOUND: no such region'),
          409: refused('CONFLICT (field RegionName): another region has this name'),
        },
      },
      delete: {
        operationId: 'deleteRegion',
        tag: 'Platform',
        summary: 'Delete a region no organisation names among its defaults',
        query: regionQuery,
        responses: {
          204: { description: 'Deleted' },
          400: refused('BAD_REQUEST: the region is not named as RegionId=eq.<id>'),
          401: NO_SESSION,
          403: FOR_SUPER_ADMINS,
          404: refused('NOT_FOUND: no such region'),
          409: refused('CONFLICT (field RegionId): organisations name the region among their defaults; retire it instead'),
        },
      },
    },
    [ROLES_PATH]: {
      get: {
        operationId: 'listRoles',
        tag: 'Platform',
        summary: 'The role master: every product’s roles, retired ones too, with how many people hold each',
        parameters: listParameters(roleFields),
        responses: {
          200: listAnswer('Roles', roleRecord),
          400: refused('BAD_REQUEST: an unknown field, or a malformed filter, order or count'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: not a SuperAdmin'),
        },
      },
      post: {
        operationId: 'createRole',
        tag: 'Platform',
        summary: 'Add a role to a product; organisations can give it to their people at once',
        body: roleBody,
        responses: {
          201: { description: 'The new role', body: roleRecord },
          400: refused('BAD_REQUEST naming the field: missing, too long, or a product not in the product master'),
          401: NO_SESSION,
          403: FOR_SUPER_ADMINS,
          409: refused('CONFLICT (field RoleName): the product has a role of this name'),
        },
      },
      patch: {
        operationId: 'updateRole',
        tag: 'Platform',
        summary:
          'Rename or describe a role, or retire it (IsActive: false) so it is offered no more, or offer it again; its product never changes',
        query: roleQuery,
        body: roleChangesBody,
        responses: {
          200: { description: 'The role as changed', body: roleRecord },
          400: refused('BAD_REQUEST naming the field, or no field to change'),
          401: NO_SESSION,
          403: FOR_SUPER_ADMINS,
          404: refused('NOT_FOUND: no such role'),
          409: refused('CONFLICT (field RoleName): the product has a role of this name'),
        },
      },
      delete: {
        operationId: 'deleteRole',
        tag: 'Platform',
        summary: 'Delete a role nobody holds',
        query: roleQuery,
        responses: {
          204: { description: 'Deleted' },
          400: refused('BAD_REQUEST: the role is not named as RoleId=eq.<id>'),
          401: NO_SESSION,
          403: FOR_SUPER_ADMINS,
          404: refused('NOT_FOUND: no such role'),
          409: refused('CONFLICT (field RoleId): people hold the role; retire it instead'),
        },
      },
    },
    [ADMINISTRATORS_PATH]: {
      get: {
        operationId: 'listAdministrators',
        tag: 'Platform',
        summary: 'The provider’s administrators (SuperAdmins): status, two-factor and last sign-in',
        parameters: listParameters(administratorFields),
        responses: {
          200: listAnswer('Administrators', administratorRecord),
          400: refused('BAD_REQUEST: an unknown field, or a malformed filter, order or count'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: not a SuperAdmin'),
        },
      },
      post: {
        operationId: 'inviteAdministrator',
        tag: 'Platform',
        summary: 'Invite another SuperAdmin: an account without a password and a mailed link to choose one; audited',
        body: administratorBody,
        responses: {
          201: { description: 'The invited administrator', body: administratorRecord },
          400: refused('BAD_REQUEST naming the field: missing, too long, or not an email address'),
          401: NO_SESSION,
          403: FOR_SUPER_ADMINS,
          409: refused('CONFLICT (field OfficialEmail): someone with this email already has an account'),
        },
      },
      patch: {
        operationId: 'updateAdministrator',
        tag: 'Platform',
        summary:
          'Deactivate an administrator (their sessions end at once) or activate them again; never oneself, never the last active one; audited',
        query: administratorQuery,
        body: administratorChangesBody,
        responses: {
          200: { description: 'The administrator as changed', body: administratorRecord },
          400: refused('BAD_REQUEST: no IsActive, or deactivating oneself'),
          401: NO_SESSION,
          403: FOR_SUPER_ADMINS,
          404: refused('NOT_FOUND: no such administrator'),
          409: refused('CONFLICT (field UserId): the last active administrator'),
        },
      },
    },
    [API_KEYS_PATH]: {
      get: {
        operationId: 'listApiKeys',
        tag: 'Platform',
        summary: 'API keys of internal tools, revoked ones too: name, access, reach, maker and last use; never the secret',
        parameters: listParameters(apiKeyFields),
        responses: {
          200: listAnswer('ApiKeys', apiKeyRecord),
          400: refused('BAD_REQUEST: an unknown field, or a malformed filter, order or count'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: not a SuperAdmin signed in as a person (an API key never manages keys)'),
        },
      },
      post: {
        operationId: 'createApiKey',
        tag: 'Platform',
        summary: 'Create a key for an internal tool; the secret is answered once and only its digest is kept; audited',
        body: apiKeyBody,
        responses: {
          201: { description: 'The new key with its secret', body: newApiKeyRecord },
          400: refused('BAD_REQUEST naming the field: no name, an unknown access, or an organisation that does not exist'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: not a SuperAdmin signed in as a person (an API key never manages keys)'),
        },
      },
      delete: {
        operationId: 'revokeApiKey',
        tag: 'Platform',
        summary: 'Revoke a key: its next call is refused; it stays listed as revoked; audited',
        query: apiKeyQuery,
        responses: {
          200: { description: 'The key as revoked', body: apiKeyRecord },
          400: refused('BAD_REQUEST: the key is not named as KeyId=eq.<id>'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: not a SuperAdmin signed in as a person (an API key never manages keys)'),
          404: refused('NOT_FOUND: no such key'),
        },
      },
    },
    [ORG_SETTINGS_PATH]: {
      get: {
        operationId: 'getOrganizationSettings',
        tag: 'Organisations',
        summary: "An organisation's settings: its admins' own, any for a SuperAdmin",
        query: orgSettingsQuery,
        responses: {
          200: { description: 'The settings (the defaults when none were saved)', body: orgSettingsRecord },
          400: refused('BAD_REQUEST: ClientId is not a whole number'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          404: refused('NOT_FOUND: no such organisation'),
        },
      },
      patch: {
        operationId: 'updateOrganizationSettings',
        tag: 'Organisations',
        summary: "Changes every setting of an organisation at once: its admins' own, any for a SuperAdmin",
        description:
          'Audited (organization.settings_change). Turning TwoFactorRequired on ends, in the same transaction, every live session of the organisation’s people who have no two-factor on (end_reason two_factor_required), the caller’s own included; the audit entry says how many (SessionsEnded).',
        body: orgSettingsBody,
        responses: {
          200: { description: 'The settings as saved', body: orgSettingsRecord },
          400: refused('BAD_REQUEST: a setting breaks its rule (the field names it)'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          404: refused('NOT_FOUND: no such organisation'),
        },
      },
    },
    [EMAIL_SETTINGS_PATH]: {
      get: {
        operationId: 'getEmailSettings',
        tag: 'Organisations',
        summary: "An organisation's email settings and the wording of each mail: its admins' own, any for a SuperAdmin",
        query: emailSettingsQuery,
        responses: {
          200: { description: 'The settings (the defaults when none were saved); never the SMTP password', body: emailSettingsRecord },
          400: refused('BAD_REQUEST: ClientId is not a whole number'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          404: refused('NOT_FOUND: no such organisation'),
        },
      },
      patch: {
        operationId: 'updateEmailSettings',
        tag: 'Organisations',
        summary: 'Changes the sender, reply-to and own SMTP server (the password sealed at rest; left out, the stored one stays); audited',
        body: emailSettingsBody,
        responses: {
          200: { description: 'The settings as saved', body: emailSettingsRecord },
          400: refused('BAD_REQUEST: a setting breaks its rule (the field names it)'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          404: refused('NOT_FOUND: no such organisation'),
        },
      },
    },
    [`${EMAIL_SETTINGS_PATH}/test`]: {
      post: {
        operationId: 'sendTestMail',
        tag: 'Organisations',
        summary:
          'Sends a test mail to the caller through the organisation’s mail server as its saved settings say, and waits for the answer',
        body: emailTestBody,
        responses: {
          200: { description: 'The server took the mail', body: emailTestRecord },
          400: refused(
            'BAD_REQUEST (field SmtpHost): no server is set, or the server could not be reached or refused the mail, with its reason',
          ),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          404: refused('NOT_FOUND: no such organisation'),
        },
      },
    },
    [EMAIL_TEMPLATES_PATH]: {
      patch: {
        operationId: 'updateEmailTemplate',
        tag: 'Organisations',
        summary: 'Words one mail the organisation’s way (the provider’s wording is everyone’s default); audited',
        body: emailTemplateBody,
        responses: {
          200: { description: 'The settings with the new wording', body: emailSettingsRecord },
          400: refused('BAD_REQUEST naming the field: missing, too long, or a {{placeholder}} the mail does not have'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          404: refused('NOT_FOUND: no such organisation'),
        },
      },
    },
    [`${EMAIL_TEMPLATES_PATH}/reset`]: {
      post: {
        operationId: 'resetEmailTemplate',
        tag: 'Organisations',
        summary: 'Goes back to the provider’s or the default wording of one mail; audited',
        body: emailTemplateResetBody,
        responses: {
          200: { description: 'The settings with the wording it goes back to', body: emailSettingsRecord },
          400: refused('BAD_REQUEST: an unknown template'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          404: refused('NOT_FOUND: no such organisation'),
        },
      },
    },
    [`${EMAIL_TEMPLATES_PATH}/preview`]: {
      post: {
        operationId: 'previewEmailTemplate',
        tag: 'Organisations',
        summary: 'Renders a wording with sample values, without saving it',
        body: emailTemplateBody,
        responses: {
          200: { description: 'The mail as it would be sent', body: emailPreviewRecord },
          400: refused('BAD_REQUEST naming the field: missing, too long, or a {{placeholder}} the mail does not have'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
        },
      },
    },
    [OUTBOX_PATH]: {
      get: {
        operationId: 'listOutbox',
        tag: 'Platform',
        summary: 'Every mail written, newest first: recipient, subject, whose, and whether it was sent, refused or kept (not its text)',
        parameters: listParameters(outboxFields),
        responses: {
          200: listAnswer('Outbox', outboxRecord),
          400: refused('BAD_REQUEST: an unknown field, or a malformed filter, order or count'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: not a SuperAdmin'),
        },
      },
    },
    [OUTBOX_CONTENT_PATH]: {
      get: {
        operationId: 'readOutboxMail',
        tag: 'Platform',
        summary:
          'What one mail says, as sent but with the token of each reset, invitation and set-password link hidden; every reading is audited (mail.read)',
        description: 'For a SuperAdmin signed in as a person, never an API key. Resending the mail is how its person gets a working link.',
        query: outboxContentQuery,
        responses: {
          200: { description: 'The mail’s text and HTML, tokens hidden', body: outboxContentRecord },
          400: refused('BAD_REQUEST: the mail is not named as MailId=eq.<id>'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: not a SuperAdmin, or an API key'),
          404: refused('NOT_FOUND: no such mail'),
        },
      },
    },
    [SSO_SETTINGS_PATH]: {
      get: {
        operationId: 'getSsoSettings',
        tag: 'Organisations',
        summary: "An organisation's single sign-on settings: its admins' own, any for a SuperAdmin; never the client secret",
        query: ssoSettingsQuery,
        responses: {
          200: { description: 'The settings (off when none were saved)', body: ssoSettingsRecord },
          400: refused('BAD_REQUEST: ClientId is not a whole number'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          404: refused('NOT_FOUND: no such organisation'),
        },
      },
      patch: {
        operationId: 'updateSsoSettings',
        tag: 'Organisations',
        summary:
          'Changes the issuer (its discovery document must answer when on), client, domains (new ones unverified), require-SSO and just-in-time accounts (the secret sealed at rest; left out, the stored one stays); audited',
        body: ssoSettingsBody,
        responses: {
          200: { description: 'The settings as saved', body: ssoSettingsRecord },
          400: refused(
            'BAD_REQUEST: a setting breaks its rule (the field names it), a public mail or the provider’s domain, an issuer that does not answer, or no client secret to turn it on with',
          ),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          404: refused('NOT_FOUND: no such organisation'),
          409: refused('CONFLICT (field Domains): another organisation has verified a domain'),
        },
      },
    },
    [`${SSO_SETTINGS_PATH}/domains/verify`]: {
      post: {
        operationId: 'verifySsoDomain',
        tag: 'Organisations',
        summary: 'Verifies that the organisation owns a domain it claims: its TXT record holds the console’s token; audited',
        body: ssoDomainBody,
        responses: {
          200: { description: 'The settings, the domain verified', body: ssoSettingsRecord },
          400: refused('BAD_REQUEST (field Domain): the TXT record does not hold the token, or DNS could not be asked'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          404: refused('NOT_FOUND (field Domain): not one of the organisation’s domains'),
          409: refused('CONFLICT (field Domain): another organisation has verified it'),
        },
      },
    },
    [`${SSO_SETTINGS_PATH}/domains/confirm`]: {
      post: {
        operationId: 'confirmSsoDomain',
        tag: 'Organisations',
        summary: 'A SuperAdmin, signed in as themselves, vouches that the organisation owns a domain it claims; audited',
        body: ssoDomainBody,
        responses: {
          200: { description: 'The settings, the domain verified', body: ssoSettingsRecord },
          400: refused('BAD_REQUEST (field Domain): a public mail or the provider’s own domain'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: not a SuperAdmin, or an API key'),
          404: refused('NOT_FOUND (field Domain): not one of the organisation’s domains'),
          409: refused('CONFLICT (field Domain): another organisation has verified it'),
        },
      },
    },
    [`${SSO_SETTINGS_PATH}/discover`]: {
      post: {
        operationId: 'discoverSsoIssuer',
        tag: 'Organisations',
        summary: "Reads an issuer's OpenID Connect discovery document and says what it found",
        body: ssoDiscoverBody,
        responses: {
          200: { description: 'What the discovery document says', body: ssoDiscoveryRecord },
          400: refused('BAD_REQUEST (field Issuer): not https, unreachable, or not a discovery document, with the reason'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
        },
      },
    },
    '/sso/lookup': {
      get: {
        operationId: 'lookUpSso',
        tag: 'Session',
        public: true,
        summary:
          'Whether an email signs in with single sign-on (a domain its organisation verified), and whether it must; never which organisation (gateway only)',
        query: ssoLookupQuery,
        responses: {
          200: { description: 'Whether to continue with single sign-on', body: ssoLookupRecord },
          400: refused('BAD_REQUEST: no email'),
        },
      },
    },
    '/sso/start': {
      post: {
        operationId: 'startSso',
        tag: 'Session',
        public: true,
        summary:
          'Starts a sign-in at the organisation’s identity provider: authorization code flow with PKCE, state and nonce (gateway only)',
        body: ssoStartBody,
        responses: {
          200: { description: 'Where to send the browser, and the state to bind to it', body: ssoStartRecord },
          400: refused('BAD_REQUEST: the identity provider could not be reached'),
          404: refused('NOT_FOUND (field Email): the domain does not sign in with single sign-on'),
        },
      },
    },
    '/sso/finish': {
      post: {
        operationId: 'finishSso',
        tag: 'Session',
        public: true,
        summary:
          'Finishes a sign-in from the identity provider’s redirect: a session, or the console’s own two-factor step when the provider did not use multi-factor (gateway only)',
        body: ssoFinishBody,
        responses: {
          200: { description: 'The session and the person, or the second step, as a password sign-in answers', body: signInStepAnswer },
          400: refused(
            'INVALID_TOKEN: an unknown, used or expired state, or another callback address; BAD_REQUEST: the provider’s email or names are not valid, or the email is not verified',
          ),
          401: refused(
            'INVALID_CREDENTIALS: the provider did not confirm the sign-in (a wrong or expired code); UNAUTHENTICATED: not the gateway',
          ),
          403: refused('FORBIDDEN: no account for the person and no just-in-time accounts, or the account is deactivated'),
          409: refused('SEAT_LIMIT: no free seat for a just-in-time account'),
        },
      },
    },
    [LICENCE_PATH]: {
      post: {
        operationId: 'addLicence',
        tag: 'Licences',
        summary: 'Give an organisation a licence for an active plan of a product until a day (SuperAdmins)',
        body: addLicenceBody,
        responses: {
          201: { description: 'The new licence with the seats of its product', body: licenceRecord },
          400: refused(
            'BAD_REQUEST naming the field: a product not on sale (ProductId), a plan not on sale or of another product (PlanId), a past or malformed day (ValidTill)',
          ),
          401: NO_SESSION,
          403: FOR_SUPER_ADMINS,
          404: refused('NOT_FOUND: no such organisation (field ClientId)'),
          409: refused('CONFLICT (field ProductId): the organisation already has a live licence of the product'),
        },
      },
    },
    [LICENCE_EXTEND_PATH]: {
      post: {
        operationId: 'extendLicence',
        tag: 'Licences',
        summary: 'Move a licence’s last day later (SuperAdmins)',
        body: extendLicenceBody,
        responses: {
          200: { description: 'The licence as changed', body: licenceRecord },
          400: refused('BAD_REQUEST (field ValidTill): malformed, or not after the current last day'),
          401: NO_SESSION,
          403: FOR_SUPER_ADMINS,
          404: refused('NOT_FOUND: no such licence (field LicenceId)'),
          409: refused('CONFLICT (field LicenceId): a lapsed licence would be live again beside another live licence of the product'),
        },
      },
    },
    [LICENCE_PLAN_PATH]: {
      post: {
        operationId: 'changeLicencePlan',
        tag: 'Licences',
        summary: 'Move a licence to another active plan of its product (SuperAdmins)',
        body: changeLicencePlanBody,
        responses: {
          200: { description: 'The licence as changed', body: licenceRecord },
          400: refused('BAD_REQUEST (field PlanId): not an active plan of the licence’s product, or its current plan'),
          401: NO_SESSION,
          403: FOR_SUPER_ADMINS,
          404: refused('NOT_FOUND: no such licence (field LicenceId)'),
          409: refused('SEAT_LIMIT (field PlanId): the new plan holds fewer seats than the organisation uses; nothing is written'),
        },
      },
    },
    [LICENCE_ACTIVE_PATH]: {
      post: {
        operationId: 'setLicenceActive',
        tag: 'Licences',
        summary: 'Deactivate a licence (its seats are lost) or reactivate it (SuperAdmins)',
        body: setLicenceActiveBody,
        responses: {
          200: { description: 'The licence as changed', body: licenceRecord },
          400: refused('BAD_REQUEST naming the field'),
          401: NO_SESSION,
          403: FOR_SUPER_ADMINS,
          404: refused('NOT_FOUND: no such licence (field LicenceId)'),
          409: refused('CONFLICT (field LicenceId): reactivating while another licence of the product is live'),
        },
      },
    },
    '/subscription_audit_log': {
      get: {
        operationId: 'listAuditEntries',
        tag: 'Audit',
        summary:
          "The audit log: an organisation admin's own organisation's, the whole platform's (or one organisation's, filtered by ClientId) for a SuperAdmin",
        description:
          'Before and After are the changed fields as JSON text (never passwords, secrets or token hashes). CompanyName and the actor are null when the organisation or the person is gone, or nobody was signed in.',
        parameters: listParameters(auditFields),
        responses: {
          200: listAnswer('Audit entries', auditRecord),
          400: refused('BAD_REQUEST: an unknown field, or a malformed filter, order or count'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
        },
      },
    },
    '/subscription_audit_log/actions': {
      get: {
        operationId: 'listAuditActions',
        tag: 'Audit',
        summary: 'The actions the audit log holds, in the scope the list would show, for a filter',
        query: auditActionsQuery,
        responses: {
          200: { description: 'Each action once, in alphabetical order', body: auditActions },
          400: refused('BAD_REQUEST: ClientId is not a whole number'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
        },
      },
    },
    '/subscription_user_sessions': {
      get: {
        operationId: 'listSessions',
        tag: 'Sessions',
        summary: "Sign-in sessions: an organisation admin's own organisation, any (filtered by ClientId) for a SuperAdmin",
        description: 'Active is true while the session has neither ended nor expired. Current marks the session of the call.',
        parameters: listParameters(sessionFields),
        responses: {
          200: listAnswer('Sessions', sessionRecord),
          400: refused('BAD_REQUEST: an unknown field, or a malformed filter, order or count'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
        },
      },
    },
    '/subscription_user_sessions/end': {
      post: {
        operationId: 'endSession',
        tag: 'Sessions',
        summary: 'End one live session of the organisation (ClientId: a SuperAdmin may name any, others only their own)',
        description: 'Ending a session that has ended already changes nothing and answers ended 0. Writes the audit log (session.end).',
        body: endSessionBody,
        responses: {
          200: { description: 'Ended, or already over', body: sessionsEnded },
          400: refused('BAD_REQUEST: SessionId missing, or the session of the call itself (sign out instead)'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          404: refused('NOT_FOUND (field SessionId): no such session in the organisation'),
        },
      },
    },
    '/subscription_user_sessions/end-user': {
      post: {
        operationId: 'endUserSessions',
        tag: 'Sessions',
        summary: "End every live session of one user of the organisation, except the caller's own",
        description: 'Writes the audit log (session.end_all_of_user) when a session ended.',
        body: endUserSessionsBody,
        responses: {
          200: { description: 'How many ended', body: sessionsEnded },
          400: refused('BAD_REQUEST: UserId missing'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          404: refused('NOT_FOUND (field UserId): no such user in the organisation'),
        },
      },
    },
    '/users/password': {
      post: {
        operationId: 'changePassword',
        tag: 'Session',
        summary: 'Change your own password, proving it with the current one',
        description:
          'In one transaction: the new argon2id hash, every other live session of the user ended (end_reason password_changed; the session of the call stays), the audit log (user.password_change) and a "password changed" mail queued.',
        body: changePasswordBody,
        responses: {
          200: { description: 'Changed', body: passwordChanged },
          400: refused('WEAK_PASSWORD (field password), PASSWORD_MISMATCH (field confirmpassword), BAD_REQUEST (a field missing)'),
          401: refused(
            'INVALID_CREDENTIALS (field currentpassword): the current password is not right; or UNAUTHENTICATED: no live session',
          ),
        },
      },
    },
    '/subscription/subscription_web_enquiry': {
      get: {
        operationId: 'listEnquiries',
        tag: 'Enquiries',
        summary: 'Sign-up enquiries with their decision and licence details, for SuperAdmins only',
        description:
          'Status is PENDING (no decision yet), REJECTED or APPROVED; enquiries without a first name are never listed. Filter with Status=eq.PENDING.',
        parameters: listParameters(enquiryFields),
        responses: {
          200: listAnswer('Enquiries', enquiryRecord),
          400: refused('BAD_REQUEST: an unknown field, or a malformed filter, order or count'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: not a SuperAdmin'),
        },
      },
    },
    '/subscription/enquiry/approve': {
      post: {
        operationId: 'approveEnquiry',
        tag: 'Enquiries',
        summary: 'Approve a pending enquiry: organisation, licence, admin user with its role, and the invitation mail, all or nothing',
        description:
          'In one transaction, with the enquiry locked: the organisation from the enquiry with its settings, a licence for its product and plan (valid one period of the plan from today), the admin user (OrgAdmin, no password yet) with the product’s Admin role, an invitation token and mail, the enquiry marked approved, and the audit entries. A second approval, even one racing the first, creates nothing and is answered CONFLICT.',
        body: approveBody,
        responses: {
          200: { description: 'Approved', body: enquiryApproved },
          400: refused('BAD_REQUEST: EnquiryId missing or not a whole number'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: not a SuperAdmin'),
          404: refused('NOT_FOUND (field EnquiryId): no such enquiry'),
          409: refused(
            'CONFLICT (field EnquiryId): approved or rejected already, the admin email has an account, or the enquiry names no plan of its product',
          ),
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
    '/subscription/users/import/preview': {
      post: {
        operationId: 'previewUserImport',
        tag: 'Users',
        summary: 'Check the rows of a file of people to invite and say what is wrong with each, writing nothing',
        description:
          'Each row gets the invitation form’s rules, an email used on an earlier row or by an existing account, and roles the organisation’s licensed products do not have. Bodies up to 1 MB.',
        body: importBody,
        responses: {
          200: { description: 'Every row with its problems', body: userImportPreview },
          400: refused('BAD_REQUEST (field Rows): no rows, or more than the most one import takes; a malformed ClientId'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          413: refused('PAYLOAD_TOO_LARGE: a body over 1 MB'),
        },
      },
    },
    '/subscription/users/import': {
      post: {
        operationId: 'importUsers',
        tag: 'Users',
        summary: 'Invite every row of a file of people at once, all or none',
        description:
          'In one transaction: every row checked as the preview does (any problem refuses the whole file), the seats of every product reserved at once (the licences stay locked until it commits), then each person invited as POST /subscription/usercreation does: account, roles, link, mail and audit entry.',
        body: importBody,
        responses: {
          201: { description: 'Invited', body: usersImported },
          400: refused('BAD_REQUEST (field Rows): a row has a problem (the message names it), no rows, or too many'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
          404: refused('NOT_FOUND: no such organisation'),
          409: refused(
            'SEAT_LIMIT (field Rows): the rows need more seats than are left, saying how many are left; CONFLICT: an email was taken meanwhile',
          ),
          413: refused('PAYLOAD_TOO_LARGE: a body over 1 MB'),
        },
      },
    },
    '/subscription_user_sessions/end-others': {
      post: {
        operationId: 'endOtherSessions',
        tag: 'Sessions',
        summary: "End every live session of the organisation except the caller's own",
        description: 'Writes the audit log (session.end_all_others) when a session ended.',
        body: endOtherSessionsBody,
        responses: {
          200: { description: 'How many ended', body: sessionsEnded },
          400: refused('BAD_REQUEST: a malformed ClientId'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: another organisation, or not an administrator'),
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
    '/subscription_user_group_mapping/candidates': {
      get: {
        operationId: 'listGroupCandidates',
        tag: 'Groups',
        summary: "The active people of a group's organisation, each marked whether already a member (GroupId=eq.<id> is required)",
        parameters: listParameters(groupCandidateFields),
        responses: {
          200: listAnswer('People', groupCandidateRecord),
          400: refused('BAD_REQUEST: no GroupId=eq.<id>, an unknown field, or a malformed filter, order or count'),
          401: NO_SESSION,
          403: refused("FORBIDDEN: another organisation's group, or not an administrator"),
          404: refused('NOT_FOUND: no such group (field GroupId)'),
        },
      },
    },
    [PLANS_PATH]: {
      get: {
        operationId: 'listManagedPlans',
        tag: 'Platform',
        summary: 'Every plan, retired ones too, with the number of licences holding it (SuperAdmins)',
        parameters: listParameters(managedPlanFields),
        responses: {
          200: listAnswer('Plans', managedPlanRecord),
          400: refused('BAD_REQUEST: an unknown field, or a malformed filter, order or count'),
          401: NO_SESSION,
          403: FOR_SUPER_ADMINS,
        },
      },
      post: {
        operationId: 'createPlan',
        tag: 'Platform',
        summary: 'Add a plan to a product on sale; it is offered at once',
        body: planBody,
        responses: {
          201: { description: 'The new plan', body: managedPlanRecord },
          400: refused('BAD_REQUEST naming the field: missing, too long, out of the column’s range, or a product not on sale (ProductId)'),
          401: NO_SESSION,
          403: FOR_SUPER_ADMINS,
          409: refused('CONFLICT (field PlanName): the product already has a plan of that name'),
        },
      },
      patch: {
        operationId: 'updatePlan',
        tag: 'Platform',
        summary: 'Change a plan’s terms, or retire it (Retired: true) so it is no longer offered; licences keep it',
        query: planQuery,
        body: planChangesBody,
        responses: {
          200: { description: 'The plan as changed', body: managedPlanRecord },
          400: refused('BAD_REQUEST naming the field, or no field to change'),
          401: NO_SESSION,
          403: FOR_SUPER_ADMINS,
          404: refused('NOT_FOUND: no such plan'),
          409: refused('CONFLICT (field PlanName): the product already has a plan of that name'),
        },
      },
      delete: {
        operationId: 'deletePlan',
        tag: 'Platform',
        summary: 'Delete a plan no licence or enquiry uses',
        query: planQuery,
        responses: {
          204: { description: 'Deleted' },
          400: refused('BAD_REQUEST: the plan is not named as PlanId=eq.<id>'),
          401: NO_SESSION,
          403: FOR_SUPER_ADMINS,
          404: refused('NOT_FOUND: no such plan'),
          409: refused('CONFLICT (field PlanId): licences or enquiries use the plan; retire it instead'),
        },
      },
    },
    [PRODUCTS_PATH]: {
      get: {
        operationId: 'listManagedProducts',
        tag: 'Platform',
        summary: 'Every product, with the number of its plans (SuperAdmins)',
        parameters: listParameters(managedProductFields),
        responses: {
          200: listAnswer('Products', managedProductRecord),
          400: refused('BAD_REQUEST: an unknown field, or a malformed filter, order or count'),
          401: NO_SESSION,
          403: FOR_SUPER_ADMINS,
        },
      },
      post: {
        operationId: 'createProduct',
        tag: 'Platform',
        summary: 'Add a product; it is on sale at once (the sign-up form lists it)',
        body: productBody,
        responses: {
          201: { description: 'The new product', body: managedProductRecord },
          400: refused('BAD_REQUEST naming the field: missing, too long, a code of other characters, or an address that is not http(s)'),
          401: NO_SESSION,
          403: FOR_SUPER_ADMINS,
          409: refused('CONFLICT (field ProductCode): another product has this code'),
        },
      },
      patch: {
        operationId: 'updateProduct',
        tag: 'Platform',
        summary: 'Change a product’s name, code, address or included products',
        query: productQuery,
        body: productBody,
        responses: {
          200: { description: 'The product as changed', body: managedProductRecord },
          400: refused('BAD_REQUEST naming the field'),
          401: NO_SESSION,
          403: FOR_SUPER_ADMINS,
          404: refused('NOT_FOUND: no such product'),
          409: refused('CONFLICT (field ProductCode): another product has this code'),
        },
      },
    },
    '/subscription/enquiry/reject': {
      post: {
        operationId: 'rejectEnquiry',
        tag: 'Enquiries',
        summary: 'Reject a pending enquiry with a reason; the enquirer is told by mail',
        body: rejectBody,
        responses: {
          200: { description: 'Rejected', body: enquiryRejected },
          400: refused('BAD_REQUEST: EnquiryId or Reason missing or malformed'),
          401: NO_SESSION,
          403: refused('FORBIDDEN: not a SuperAdmin'),
          404: refused('NOT_FOUND (field EnquiryId): no such enquiry'),
          409: refused('CONFLICT (field EnquiryId): approved or rejected already'),
        },
      },
    },
    '/subscription/invitations/resend': {
      post: {
        operationId: 'resendInvitation',
        tag: 'Users',
        summary: 'A new invitation link for a person who has not chosen a password; every earlier link is void',
        description:
          'Mailed unless SendMail is false (the administrator passes the link on). An API key never receives the link: it is answered null, and SendMail false is refused. A person whose invitation was revoked is active again and takes their seats back (SEAT_LIMIT when none is left). Audited.',
        body: resendBody,
        responses: {
          200: { description: 'The new invitation and its link (null for an API key)', body: invitationResent },
          400: refused('BAD_REQUEST: UserId missing or not a whole number'),
          401: NO_SESSION,
          403: refused(
            `FORBIDDEN: another organisation, or not an administrator; for an API key, SendMail false (field SendMail: "${KEY_GETS_NO_LINK_MESSAGE}")`,
          ),
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
    '/subscription/UserApproval': {
      post: {
        operationId: 'decideUserApproval',
        tag: 'Users',
        summary: 'Approve or decline people awaiting the approval of the caller’s organisation',
        description:
          'Approval sends each person the invitation to choose a password (their seat was taken when the account was made); declining deletes each account, freeing its seat. Only the organisation’s own admins decide. Each decision is audited.',
        body: approvalBody,
        responses: {
          200: { description: 'The approved people as they are now (none for a decline)', body: z.array(clientUserRecord) },
          400: refused('BAD_REQUEST: UserIds missing, empty or over 100, or Approve missing'),
          401: NO_SESSION,
          403: refused(`FORBIDDEN: not an organisation admin ("${APPROVAL_MESSAGE}")`),
          404: refused('NOT_FOUND (field UserIds): some of the people are not awaiting approval in the organisation'),
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
          200: { description: 'How many sessions ended', body: usersSignedOut },
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
