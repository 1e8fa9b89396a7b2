import { z } from 'zod';
import { EMAIL_TEMPLATES, SMTP_SECURITY, type TypeOfUser } from '@yozy/shared';
import { recordOf } from '../http/resource';
import { clientFields } from '../domain/organizations';
import { clientUserFields } from '../domain/people';
import { answerSchema } from './components';

/** The shapes the service answers with, checked against real answers by the tests beside this file. */

const TYPES_OF_USER = ['SuperAdmin', 'OrgAdmin', 'User'] as const satisfies readonly TypeOfUser[];
const _everyTypeOfUser: [Exclude<TypeOfUser, (typeof TYPES_OF_USER)[number]>] extends [never] ? true : never = true;

export const clientRecord = answerSchema(
  'Client',
  recordOf(clientFields, [
    'AddressLine1',
    'AddressLine2',
    'City',
    'State',
    'Country',
    'CountryCode',
    'Pincode',
    'ClientContactName',
    'ClientDesignation',
    'ClientType',
    'NatureOfBusiness',
    'BusinessVertical',
    'ClientRevenueInUSD',
    'LicenceExpiresOn',
  ]),
);
export const passwordChanged = answerSchema(
  'PasswordChanged',
  z.strictObject({
    changed: z.literal(true),
    ended: z.int().meta({ description: "How many of the user's other sessions ended" }),
  }),
);
export const sessionsEnded = answerSchema(
  'SessionsEnded',
  z.strictObject({
    ended: z.int().meta({ description: 'How many live sessions this call ended (0 when none was live)' }),
  }),
);
export const emailTemplateRecord = z.strictObject({
  Template: z.enum(EMAIL_TEMPLATES),
  Subject: z.string(),
  Body: z.string().meta({ description: 'The text before the link, paragraphs a blank line apart, with {{placeholders}}' }),
  Source: z
    .enum(['OWN', 'PROVIDER', 'DEFAULT'])
    .meta({ description: 'The organization’s own wording, the provider’s for everyone, or the default' }),
  Placeholders: z.array(z.string()).meta({ description: 'The {{names}} this mail may use' }),
});
export const emailSettingsRecord = answerSchema(
  'EmailSettings',
  z.strictObject({
    ClientId: z.int(),
    SenderName: z.string().nullable(),
    ReplyTo: z.string().nullable(),
    SmtpHost: z.string().nullable().meta({ description: 'The organization’s own server; null: the provider’s, else the service’s' }),
    SmtpPort: z.int().nullable(),
    SmtpSecurity: z.enum(SMTP_SECURITY),
    SmtpUsername: z.string().nullable(),
    SmtpPasswordSet: z.boolean().meta({ description: 'Whether a password is stored; it is never answered' }),
    SmtpFromAddress: z.string().nullable(),
    UpdatedAt: z.string().nullable(),
    Templates: z.array(emailTemplateRecord),
  }),
);
export const emailTestRecord = answerSchema(
  'EmailTestSent',
  z.strictObject({
    SentTo: z.string(),
    /** The server that took the mail; null when none is set. */
    Server: z.string().nullable(),
    /** No mail server is set: the mail is in the outbox, as all mail is then. */
    KeptInOutbox: z.boolean(),
  }),
);
export const emailPreviewRecord = answerSchema('EmailPreview', z.strictObject({ Subject: z.string(), Text: z.string(), Html: z.string() }));
export const ssoSettingsRecord = answerSchema(
  'SsoSettings',
  z.strictObject({
    ClientId: z.int(),
    Enabled: z.boolean(),
    Issuer: z.string().nullable(),
    OidcClientId: z.string().nullable(),
    ClientSecretSet: z.boolean().meta({ description: 'Whether a client secret is stored; it is never answered' }),
    Domains: z.array(z.string()).meta({ description: 'The email domains whose people sign in through the identity provider' }),
    RequireSso: z.boolean().meta({ description: 'A password sign-in of those domains is refused' }),
    AllowJit: z.boolean().meta({ description: 'An unknown person of those domains gets an account, within the seats' }),
    MfaAcrValues: z
      .array(z.string())
      .meta({ description: 'acr values that mean the identity provider used multi-factor, beside the standard amr values' }),
    DomainVerifications: z
      .array(
        z.strictObject({
          Domain: z.string(),
          Verified: z.boolean().meta({ description: 'Only a verified domain signs anyone in' }),
          VerifiedAt: z.string().nullable(),
          VerifiedBy: z
            .enum(['DNS', 'PROVIDER'])
            .nullable()
            .meta({ description: 'Its TXT record was read, or a SuperAdmin vouched for it' }),
          RecordName: z.string().meta({ description: 'Where to publish the TXT record' }),
          RecordValue: z.string().meta({ description: 'What the TXT record must hold' }),
        }),
      )
      .meta({ description: 'Each domain and whether the organization has shown it owns it' }),
    UpdatedAt: z.string().nullable(),
  }),
);
export const ssoDiscoveryRecord = answerSchema(
  'SsoDiscovery',
  z.strictObject({
    Issuer: z.string(),
    AuthorizationEndpoint: z.string().nullable(),
    TokenEndpoint: z.string().nullable(),
    UserinfoEndpoint: z.string().nullable(),
    ScopesSupported: z.array(z.string()),
    Pkce: z.boolean().meta({ description: 'Whether the provider supports PKCE with S256' }),
  }),
);
export const ssoLookupRecord = answerSchema(
  'SsoLookup',
  z.strictObject({
    Sso: z.boolean().meta({ description: 'Continue with single sign-on' }),
    Required: z.boolean().meta({ description: 'A password is refused' }),
  }),
);
export const ssoStartRecord = answerSchema(
  'SsoStart',
  z.strictObject({
    AuthorizationUrl: z.string().meta({ description: 'Where to send the browser' }),
    State: z.string().meta({ description: 'The state to bind to the browser (the gateway keeps it in an httpOnly cookie)' }),
  }),
);
export const orgSettingsRecord = answerSchema(
  'OrganizationSettings',
  z.strictObject({
    ClientId: z.int(),
    RequiresApproval: z.boolean().meta({ description: 'People the organization’s own admins did not add wait for their approval' }),
    TwoFactorRequired: z.boolean().meta({ description: 'Every person of the organization signs in with a second factor' }),
    SessionIdleMinutes: z.int().nullable().meta({ description: 'Minutes a session may sit unused before it ends; null: until it expires' }),
    AllowedEmailDomains: z.array(z.string()).meta({ description: 'Domains invitations may go to; empty: any' }),
    UpdatedAt: z.string().nullable(),
  }),
);

export const profile = answerSchema(
  'Profile',
  z.strictObject({
    ClientUserId: z.int(),
    UUID: z.uuid(),
    UserFirstname: z.string(),
    UserLastname: z.string(),
    OfficialEmail: z.string(),
    Phone: z.string().nullable(),
    TypeOfUser: z.enum(TYPES_OF_USER),
    Role: z.string().nullable().meta({ description: 'The first of the roles assigned to the user, if any' }),
    ClientId: z.int(),
    OrgDetails: clientRecord,
  }),
);

export const signInAnswer = answerSchema(
  'SignInAnswer',
  z.strictObject({
    token: z.string().meta({ description: 'The session token, sent back as Authorization: Bearer <token>' }),
    expiresAt: z.iso.datetime(),
    keepSignedIn: z.boolean().meta({
      description:
        'The person chose to be kept signed in: the session lasts a day and its cookie outlives the browser; otherwise three hours, in a cookie that ends with the browser',
    }),
    user: profile,
  }),
);

export const signInChallengeAnswer = answerSchema(
  'SignInChallenge',
  z.strictObject({
    twoFactor: z.enum(['code', 'enrol']).meta({
      description:
        'What the person must do before a session starts: give a code of their authenticator (code), or set two-factor up first because their organization requires it (enrol)',
    }),
    challenge: z.string().meta({ description: 'The single-use step of this sign-in, sent back with the code' }),
    challengeExpiresAt: z.iso.datetime(),
  }),
);

/** What the password step of a sign-in answers: a session, or the step that asks for a code. */
export const signInStepAnswer = answerSchema('SignInStep', z.union([signInAnswer, signInChallengeAnswer]));

export const twoFactorStatusAnswer = answerSchema(
  'TwoFactorStatus',
  z.strictObject({
    enabled: z.boolean(),
    enabledAt: z.iso.datetime().nullable(),
    recoveryCodesLeft: z.int(),
  }),
);

export const twoFactorEnrolmentAnswer = answerSchema(
  'TwoFactorEnrolment',
  z.strictObject({
    secret: z.string().meta({ description: 'The new secret in base32, to type into an authenticator app' }),
    otpauthUrl: z.string().meta({ description: 'The otpauth:// address the QR code holds' }),
    qrCode: z.string().meta({ description: 'The QR code as an SVG data URL' }),
  }),
);

const recoveryCodes = z
  .array(z.string())
  .meta({ description: 'The ten one-time recovery codes; only their digests are kept, so they are never shown again' });

export const twoFactorConfirmedAnswer = answerSchema(
  'TwoFactorConfirmed',
  z.strictObject({ recoveryCodes, status: twoFactorStatusAnswer }),
);

export const signInEnrolledAnswer = answerSchema('SignInEnrolled', signInAnswer.extend({ recoveryCodes }));

export const healthAnswer = answerSchema('Health', z.strictObject({ status: z.literal('ok'), database: z.literal('ok') }));
export const productAddressAnswer = answerSchema('ProductAddress', z.strictObject({ url: z.url() }));
export const resetRequestAnswer = answerSchema('PasswordResetRequested', z.strictObject({ accepted: z.literal(true) }));
export const linkVerdict = answerSchema('ResetLinkVerdict', z.strictObject({ linkvalid: z.boolean() }));
export const passwordResetAnswer = answerSchema(
  'PasswordResetDone',
  z.strictObject({
    pass: z.literal(true),
    redirectUrl: z.url().meta({ description: "The user's product address" }),
  }),
);
export const invitationAnswer = answerSchema(
  'InvitationAccepted',
  z.strictObject({
    success: z.literal(true),
    redirectUrl: z.url().meta({ description: "The user's product address" }),
  }),
);
export const captchaConsumed = answerSchema('CaptchaConsumed', z.strictObject({ consumed: z.literal(true) }));
export const enquiryCreated = answerSchema('EnquiryCreated', z.strictObject({ EnquiryId: z.int() }));

const dailyCount = z.strictObject({ day: z.iso.date(), count: z.int().min(0) });
const seatUse = z.strictObject({
  productId: z.int(),
  productName: z.string(),
  capacity: z.int().min(0).meta({ description: "Seats the organization's active, unexpired licences for the product give" }),
  used: z.int().min(0).meta({ description: 'Active people with a role on the product, invited ones included' }),
});

export const dashboardAnswer = answerSchema(
  'Dashboard',
  z.strictObject({
    clientId: z.int(),
    activeUsers: z
      .int()
      .min(0)
      .meta({ description: 'People who can sign in now: neither invited without a password yet nor awaiting approval' }),
    disabledUsers: z.int().min(0),
    sessionsActiveNow: z.int().min(0).meta({ description: 'Sessions neither ended nor expired' }),
    licencesExpiringSoon: z.int().min(0).meta({ description: 'Active licences whose last day is within expiringWithinDays of today' }),
    expiringWithinDays: z.int(),
    pendingInvitations: z.int().min(0).meta({ description: 'Active people without a password holding a live invitation' }),
    failedSignInsLastDay: z
      .int()
      .min(0)
      .meta({ description: 'Failed sign-in attempts of the organization’s people in the last 24 hours, the refused ones included' }),
    seats: z.array(seatUse),
    signInsPerDay: z.array(dailyCount).meta({ description: 'Sessions started on each of the last 30 days (UTC), today last' }),
  }),
);

export const statisticsAnswer = answerSchema(
  'Statistics',
  z.strictObject({
    clientId: z.int(),
    from: z.iso.date(),
    to: z.iso.date(),
    signInsPerDay: z.array(dailyCount),
    activeUsersPerDay: z.array(dailyCount).meta({ description: 'People who started a session on each day' }),
    seats: z.array(seatUse),
    usersPerDepartment: z.array(
      z.strictObject({ name: z.string().nullable().meta({ description: 'Null for people without a department' }), count: z.int() }),
    ),
    usersPerGroup: z.array(z.strictObject({ name: z.string(), count: z.int().meta({ description: 'Active members' }) })),
    projects: z.array(
      z.strictObject({
        projectId: z.int(),
        shortCode: z.string(),
        name: z.string(),
        allocations: z.int().meta({ description: 'Current allocations of people to the project' }),
        issues: z.int(),
        openIssues: z.int().meta({ description: 'Issues not DONE' }),
        releases: z.int(),
      }),
    ),
  }),
);
export const clientUserRecord = answerSchema('ClientUser', recordOf(clientUserFields, ['Phone', 'DepartmentName', 'DepartmentCode']));
export const productSeats = answerSchema(
  'ProductSeats',
  z.strictObject({
    ProductId: z.int(),
    ProductName: z.string(),
    Capacity: z.int().meta({ description: 'Seats the live licences of the product give' }),
    Used: z.int().meta({ description: 'Active people with a role for the product, invited ones included' }),
    Roles: z
      .array(z.strictObject({ RoleId: z.int(), RoleName: z.string() }))
      .meta({ description: 'The roles of the product, from the role master' }),
  }),
);
export const usersSignedOut = answerSchema(
  'UsersSignedOut',
  z.strictObject({ SessionsEnded: z.int().meta({ description: 'Live sessions ended, over all the people' }) }),
);
export const userImportPreview = answerSchema(
  'UserImportPreview',
  z.strictObject({
    Rows: z
      .array(
        z.strictObject({
          Row: z.int().meta({ description: 'The row’s place in the list sent, from 1' }),
          Problems: z
            .array(
              z.strictObject({
                Field: z.string().nullable().meta({ description: 'The REST field the problem is in' }),
                Code: z.enum(['BAD_REQUEST', 'CONFLICT']).meta({ description: 'CONFLICT: a duplicate in the file or an existing account' }),
                Message: z.string(),
              }),
            )
            .meta({ description: 'What is wrong with the row; empty when it can be invited' }),
        }),
      )
      .meta({ description: 'Every row sent, in order' }),
    GoodRows: z.int().meta({ description: 'How many rows have no problem' }),
    SeatProblems: z.array(z.string()).meta({ description: 'For each product the good rows do not fit on, how many seats are left' }),
  }),
);
export const usersImported = answerSchema(
  'UsersImported',
  z.strictObject({
    Invited: z.int().meta({ description: 'How many people were invited' }),
    Users: z.array(clientUserRecord).meta({ description: 'The people invited, in the order they were created' }),
  }),
);
