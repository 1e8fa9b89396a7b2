import {
  EVERYONE_GETS,
  EVERYONE_MAY,
  ONLY_SUPER_ADMIN_MAY,
  type CellContext,
  type Operation,
  type Organisation,
} from '../../../support/tenantMatrix';
import { ORGANIZATION_FIELDS, sessionsOf, twoFactorOf } from '../fixtures';

/** The sign-in hand-off tokens issued for the other organisation's people, and whether they were used. */
const handoffsOf = ({ db, other }: CellContext) =>
  db.query(
    'SELECT h.handoff_id, h.used_at FROM sign_in_handoffs h JOIN client_users u ON u.user_id = h.user_id WHERE u.client_id = $1 ORDER BY h.handoff_id',
    [Number(other.id)],
  );

/** An account of the other organisation as a password change would leave it. */
const accountOf = (email: (other: Organisation) => string) => async (cell: CellContext) => ({
  user: await cell.db.query(
    'SELECT first_name, last_name, password_hash, password_changed_at, is_active FROM client_users WHERE lower(email) = lower($1)',
    [email(cell.other)],
  ),
  sessions: await sessionsOf(cell),
});

/** Signing in and one's own account: the public pages, sessions, password and two-factor of the caller. */
export const SIGN_IN: Record<string, Operation> = {
  'Query.viewer': {
    call: () => ({ document: `{ viewer { id email firstName lastName productUrl organization { ${ORGANIZATION_FIELDS} } } }` }),
    may: EVERYONE_MAY,
  },
  'Query.captchaChallenge': {
    call: () => ({ document: '{ captchaChallenge }' }),
    may: EVERYONE_MAY,
  },
  'Query.verifyPasswordResetLink': {
    call: ({ other }) => ({
      document: 'query ($email: String!) { verifyPasswordResetLink(email: $email, token: "guessed-token") }',
      variables: { email: other.adminEmail },
    }),
    may: EVERYONE_MAY,
  },
  // A guessed token of another organisation's person says only that it does not work.
  'Query.accountLinkStatus': {
    call: ({ other }) => ({
      document: 'query ($email: String!) { accountLinkStatus(purpose: INVITE, email: $email, token: "guessed-token") }',
      variables: { email: other.invitedEmail },
    }),
    may: EVERYONE_MAY,
  },
  'Query.productRedirectUrl': {
    call: ({ other }) => ({
      document: 'query ($email: String!) { productRedirectUrl(email: $email) }',
      variables: { email: other.adminEmail },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.signIn': {
    call: async ({ other, captcha }) => ({
      document: 'mutation ($input: SignInInput!) { signIn(input: $input) { viewer { email } errors { code } } }',
      variables: { input: { email: other.adminEmail, password: 'Guessed@1', captcha: await captcha() } },
    }),
    may: EVERYONE_GETS({ payloadError: 'INVALID_CREDENTIALS' }),
    touches: { rows: sessionsOf },
  },
  'Mutation.signOut': {
    call: () => ({ document: 'mutation { signOut { signedOut } }' }),
    may: EVERYONE_MAY,
    endsSession: true,
    touches: { rows: sessionsOf, unchanged: 'always' },
  },
  'Mutation.requestPasswordReset': {
    // Public by design: the link goes to the account's own inbox, and the answer is the same for any email.
    call: async ({ other, captcha }) => ({
      document: 'mutation ($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { accepted errors { code } } }',
      variables: { input: { email: other.adminEmail, captcha: await captcha() } },
    }),
    may: EVERYONE_MAY,
  },
  'Mutation.resetPassword': {
    call: async ({ other, captcha }) => ({
      document: 'mutation ($input: ResetPasswordInput!) { resetPassword(input: $input) { ok redirectUrl errors { code } } }',
      variables: {
        input: {
          email: other.adminEmail,
          token: 'guessed-token',
          password: 'Taken@over1',
          confirmPassword: 'Taken@over1',
          captcha: await captcha(),
        },
      },
    }),
    may: EVERYONE_GETS({ payloadError: 'INVALID_TOKEN' }),
    touches: { rows: accountOf((other) => other.adminEmail) },
  },
  'Mutation.setPassword': {
    call: async ({ other, captcha }) => ({
      document: 'mutation ($input: SetPasswordInput!) { setPassword(input: $input) { ok redirectUrl errors { code } } }',
      variables: {
        input: {
          email: other.invitedEmail,
          token: 'guessed-token',
          firstName: 'Mallory',
          lastName: 'Intruder',
          password: 'Taken@over1',
          confirmPassword: 'Taken@over1',
          captcha: await captcha(),
        },
      },
    }),
    may: EVERYONE_GETS({ payloadError: 'INVALID_TOKEN' }),
    touches: { rows: accountOf((other) => other.invitedEmail) },
  },
  'Query.singleSignOn': {
    call: ({ other }) => ({
      document: 'query ($email: String!) { singleSignOn(email: $email) { available required organizationName } }',
      variables: { email: other.adminEmail },
    }),
    may: EVERYONE_MAY,
  },
  'Mutation.startSingleSignOn': {
    // The other organisation has no single sign-on: whoever asks is told so, and nothing starts.
    call: ({ other }) => ({
      document: 'mutation ($email: String!) { startSingleSignOn(email: $email) { redirectUrl errors { code } } }',
      variables: { email: other.adminEmail },
    }),
    may: EVERYONE_GETS('NOT_FOUND'),
    touches: { rows: ({ db }) => db.query('SELECT state_hash FROM sso_attempts ORDER BY state_hash'), unchanged: 'always' },
  },
  'Mutation.issueSignInHandoff': {
    // For the provider's SuperAdmins (and API keys, whose organisation scope handoff.test.ts checks).
    call: ({ other }) => ({
      document: 'mutation ($email: String!) { issueSignInHandoff(input: { email: $email }) { handoff { email token } errors { code } } }',
      variables: { email: other.adminEmail },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: handoffsOf },
  },
  'Mutation.redeemSignInHandoff': {
    // A token nobody issued: whoever asks is told it is not good, and no token is used.
    call: () => ({ document: 'mutation { redeemSignInHandoff(token: "matrix-token-never-issued") { email errors { code } } }' }),
    may: EVERYONE_GETS({ payloadError: 'INVALID_TOKEN' }),
    touches: { rows: handoffsOf, unchanged: 'always' },
  },
  'Mutation.changePassword': {
    // Only ever the caller's own password: a wrong current one changes nothing, anyone's.
    call: () => ({
      document: 'mutation ($input: ChangePasswordInput!) { changePassword(input: $input) { ok errors { code } } }',
      variables: { input: { currentPassword: 'Guessed@1', password: 'Taken@over1', confirmPassword: 'Taken@over1' } },
    }),
    may: { ...EVERYONE_GETS({ payloadError: 'INVALID_CREDENTIALS' }), anonymous: 'UNAUTHENTICATED' },
    touches: { rows: accountOf((other) => other.adminEmail), unchanged: 'always' },
  },
  'Query.twoFactor': {
    call: () => ({ document: '{ twoFactor { enabled recoveryCodesLeft } }' }),
    may: { ...EVERYONE_MAY, anonymous: 'UNAUTHENTICATED' },
  },
  'Mutation.startTwoFactorEnrolment': {
    // Only ever the caller's own two-factor: there is nothing naming another person to pass.
    call: () => ({ document: 'mutation { startTwoFactorEnrolment { enrolment { otpauthUrl } errors { code } } }' }),
    may: { ...EVERYONE_MAY, anonymous: 'UNAUTHENTICATED' },
    touches: { rows: twoFactorOf, unchanged: 'always' },
  },
  'Mutation.confirmTwoFactor': {
    call: () => ({ document: 'mutation { confirmTwoFactor(input: { code: "abc" }) { twoFactor { enabled } errors { code } } }' }),
    may: { ...EVERYONE_GETS({ payloadError: 'BAD_USER_INPUT' }), anonymous: 'UNAUTHENTICATED' },
    touches: { rows: twoFactorOf, unchanged: 'always' },
  },
  'Mutation.disableTwoFactor': {
    call: () => ({ document: 'mutation { disableTwoFactor(input: { code: "abc" }) { twoFactor { enabled } errors { code } } }' }),
    may: { ...EVERYONE_GETS({ payloadError: 'BAD_USER_INPUT' }), anonymous: 'UNAUTHENTICATED' },
    touches: { rows: twoFactorOf, unchanged: 'always' },
  },
  'Mutation.verifySignInCode': {
    // The step of a sign-in lives in its own httpOnly cookie: without one there is nothing to complete.
    call: () => ({ document: 'mutation { verifySignInCode(input: { code: "123456" }) { viewer { email } errors { code } } }' }),
    may: EVERYONE_GETS({ payloadError: 'INVALID_TOKEN' }),
    touches: { rows: sessionsOf, unchanged: 'always' },
  },
  'Mutation.startSignInEnrolment': {
    call: () => ({ document: 'mutation { startSignInEnrolment { enrolment { otpauthUrl } errors { code } } }' }),
    may: EVERYONE_GETS({ payloadError: 'INVALID_TOKEN' }),
    touches: { rows: twoFactorOf, unchanged: 'always' },
  },
  'Mutation.confirmSignInEnrolment': {
    call: () => ({ document: 'mutation { confirmSignInEnrolment(input: { code: "123456" }) { viewer { email } errors { code } } }' }),
    may: EVERYONE_GETS({ payloadError: 'INVALID_TOKEN' }),
    touches: { rows: twoFactorOf, unchanged: 'always' },
  },
};
