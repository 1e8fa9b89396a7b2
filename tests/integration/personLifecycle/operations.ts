import { FACTORY_PASSWORD } from '../../support/factories';
import type { GraphQLSession, GraphQLAnswer } from '../../support/graphql';
import { SCIM, type ScimRequest } from '../../support/scim';
import type { LifecycleOrganisation, PersonInState } from '../../support/personStates';
import type { PersonMove } from '@yozy/subscription-api';

/*
 * Every operation that touches a person, as the person lifecycle's matrix makes it: its moves of
 * the lifecycle, who may make it, and how each caller makes it (GraphQL, SCIM, the person's links).
 */

export type Caller = 'admin' | 'readWriteKey' | 'readOnlyKey' | 'public' | 'provisioning';

export type Cell = {
  session: GraphQLSession;
  /** A SCIM request with the organisation's provisioning token. */
  scim: ScimRequest;
  person: PersonInState;
  org: LifecycleOrganisation;
  organizationId: string;
  countMails(template: string): Promise<number>;
};

export type Operation = {
  /** The lifecycle's move; "activate then resend" is two moves in one call. */
  moves: readonly PersonMove[];
  callers: readonly Caller[];
  call(cell: Cell): Promise<boolean>;
  /** Callers refused whatever the state (a key never gets a link; an organisation admin issues no hand-off). */
  alwaysRefused?: readonly Caller[];
};

/** Whether a mutation went through: no thrown error and no payload error. */
async function succeeded(answer: Promise<GraphQLAnswer<Record<string, { errors?: unknown[] } | null>>>): Promise<boolean> {
  const { data, errors } = await answer;
  if (errors?.length) return false;
  const payload = Object.values(data ?? {})[0];
  return Boolean(payload) && (payload!.errors ?? []).length === 0;
}

const ERRORS = 'errors { code field message }';
const mutation = (cell: Cell, field: string, input: Record<string, unknown>, selection = ERRORS, withOrganisation = true) =>
  succeeded(
    cell.session.request(
      withOrganisation
        ? `mutation ($organizationId: ID, $input: ${inputType(field)}!) { ${field}(organizationId: $organizationId, input: $input) { ${selection} } }`
        : `mutation ($input: ${inputType(field)}!) { ${field}(input: $input) { ${selection} } }`,
      withOrganisation ? { organizationId: cell.organizationId, input } : { input },
    ),
  );

const INPUT_TYPES: Record<string, string> = {
  resendInvitation: 'ResendInvitationInput',
  revokeInvitation: 'RevokeInvitationInput',
  setUsersActive: 'SetUsersActiveInput',
  decideUserApproval: 'DecideUserApprovalInput',
  sendUserPasswordReset: 'SendUserPasswordResetInput',
  editUserProfile: 'EditUserProfileInput',
  setUserRole: 'SetUserRoleInput',
  removeUserRole: 'RemoveUserRoleInput',
  setUserAdmin: 'SetUserAdminInput',
  signOutUsers: 'SignOutUsersInput',
  inviteUser: 'InviteUserInput',
  issueSignInHandoff: 'IssueSignInHandoffInput',
};
const inputType = (field: string) => INPUT_TYPES[field]!;

const ADMINS: readonly Caller[] = ['admin', 'readWriteKey', 'readOnlyKey'];
const PROVISIONING: readonly Caller[] = ['provisioning'];

/** The person's SCIM id (their uuid), and a PATCH of them as Entra ID sends it. */
const scimPatch = (cell: Cell, operations: unknown[]) =>
  cell.scim('PATCH', `/Users/${cell.person.uuid}`, { schemas: [SCIM.patchOp], Operations: operations });
const id = (cell: Cell) => String(cell.person.userId);

export const OPERATIONS: Record<string, Operation> = {
  resendInvitation: {
    moves: ['resendInvitation'],
    callers: ADMINS,
    call: (cell) => mutation(cell, 'resendInvitation', { userId: id(cell) }),
  },
  copyInvitationLink: {
    moves: ['copyInvitationLink'],
    callers: ADMINS,
    alwaysRefused: ['readWriteKey'],
    call: (cell) => mutation(cell, 'resendInvitation', { userId: id(cell), sendMail: false }, `link ${ERRORS}`),
  },
  activateAndResend: {
    moves: ['activate', 'resendInvitation'],
    callers: ADMINS,
    call: (cell) => mutation(cell, 'resendInvitation', { userId: id(cell), activate: true }),
  },
  revokeInvitation: {
    moves: ['revokeInvitation'],
    callers: ADMINS,
    call: (cell) => mutation(cell, 'revokeInvitation', { userId: id(cell) }),
  },
  activate: {
    moves: ['activate'],
    callers: ADMINS,
    call: (cell) => mutation(cell, 'setUsersActive', { userIds: [id(cell)], active: true }),
  },
  deactivate: {
    moves: ['deactivate'],
    callers: ADMINS,
    call: (cell) => mutation(cell, 'setUsersActive', { userIds: [id(cell)], active: false }),
  },
  approve: {
    moves: ['approve'],
    callers: ADMINS,
    call: (cell) => mutation(cell, 'decideUserApproval', { userIds: [id(cell)], approve: true }, ERRORS, false),
  },
  decline: {
    moves: ['decline'],
    callers: ADMINS,
    call: (cell) => mutation(cell, 'decideUserApproval', { userIds: [id(cell)], approve: false }, ERRORS, false),
  },
  mailPasswordReset: {
    moves: ['mailPasswordReset'],
    callers: ADMINS,
    call: (cell) => mutation(cell, 'sendUserPasswordReset', { userId: id(cell) }),
  },
  editProfile: {
    moves: ['editProfile'],
    callers: ADMINS,
    call: (cell) => mutation(cell, 'editUserProfile', { userId: id(cell), firstName: 'Renamed', lastName: cell.person.lastName }),
  },
  setRole: {
    moves: ['setRole'],
    callers: ADMINS,
    call: (cell) => mutation(cell, 'setUserRole', { userId: id(cell), roleId: String(cell.org.roleIds[1]) }),
  },
  removeRole: {
    moves: ['removeRole'],
    callers: ADMINS,
    call: (cell) => mutation(cell, 'removeUserRole', { userId: id(cell), productId: String(cell.org.productId) }),
  },
  grantAdmin: {
    moves: ['grantAdmin'],
    callers: ADMINS,
    call: (cell) => mutation(cell, 'setUserAdmin', { userId: id(cell), admin: true }),
  },
  revokeAdmin: {
    moves: ['revokeAdmin'],
    callers: ADMINS,
    call: (cell) => mutation(cell, 'setUserAdmin', { userId: id(cell), admin: false }),
  },
  endSessions: {
    moves: ['endSessions'],
    callers: ADMINS,
    call: (cell) => mutation(cell, 'signOutUsers', { userIds: [id(cell)] }, `sessionsEnded ${ERRORS}`),
  },
  issueSignInHandoff: {
    moves: ['issueSignInHandoff'],
    callers: ADMINS,
    alwaysRefused: ['admin'],
    call: (cell) => mutation(cell, 'issueSignInHandoff', { email: cell.person.email }, ERRORS, false),
  },
  inviteAgain: {
    moves: ['inviteAgain'],
    callers: ADMINS,
    call: (cell) =>
      mutation(
        cell,
        'inviteUser',
        { firstName: 'Again', lastName: 'Invited', email: cell.person.email, roleId: String(cell.org.roleIds[0]) },
        `user { id } ${ERRORS}`,
      ),
  },
  importAgain: {
    moves: ['inviteAgain'],
    callers: ADMINS,
    call: (cell) =>
      succeeded(
        cell.session.request(
          `mutation ($organizationId: ID, $rows: [UserImportRowInput!]!) { importUsers(organizationId: $organizationId, rows: $rows) { invited ${ERRORS} } }`,
          {
            organizationId: cell.organizationId,
            rows: [
              {
                firstName: 'Again',
                lastName: 'Imported',
                email: cell.person.email,
                roles: `Second role ${cell.org.organisation.clientId}`,
              },
            ],
          },
        ),
      ),
  },
  provisionUpdate: {
    moves: ['provisionUpdate'],
    callers: PROVISIONING,
    call: async (cell) => (await scimPatch(cell, [{ op: 'Replace', path: 'name.givenName', value: 'Provisioned' }])).status === 200,
  },
  provisionDeactivate: {
    moves: ['provisionDeactivate'],
    callers: PROVISIONING,
    call: async (cell) => (await scimPatch(cell, [{ op: 'Replace', path: 'active', value: 'False' }])).status === 200,
  },
  provisionActivate: {
    moves: ['provisionActivate'],
    callers: PROVISIONING,
    call: async (cell) => (await scimPatch(cell, [{ op: 'replace', path: 'active', value: true }])).status === 200,
  },
  provisionDelete: {
    moves: ['provisionDelete'],
    callers: PROVISIONING,
    call: async (cell) => (await cell.scim('DELETE', `/Users/${cell.person.uuid}`)).status === 204,
  },
  // The identity provider creates the same userName again: only a person it removed comes back.
  provisionRestore: {
    moves: ['provisionRestore'],
    callers: PROVISIONING,
    call: async (cell) =>
      (
        await cell.scim('POST', '/Users', {
          schemas: [SCIM.user],
          userName: cell.person.email,
          name: { givenName: 'Back', familyName: 'Again' },
        })
      ).status === 201,
  },
  acceptInvitation: {
    moves: ['acceptInvitation'],
    callers: ['public'],
    call: async (cell) =>
      cell.person.inviteToken !== null &&
      succeeded(
        cell.session.request(`mutation ($input: SetPasswordInput!) { setPassword(input: $input) { ok ${ERRORS} } }`, {
          input: {
            email: cell.person.email,
            token: cell.person.inviteToken,
            firstName: 'New',
            lastName: 'Comer',
            password: 'Chosen@123',
            confirmPassword: 'Chosen@123',
            captcha: await cell.session.captcha(),
          },
        }),
      ),
  },
  resetPassword: {
    moves: ['resetPassword'],
    callers: ['public'],
    call: async (cell) =>
      cell.person.resetToken !== null &&
      succeeded(
        cell.session.request(`mutation ($input: ResetPasswordInput!) { resetPassword(input: $input) { ok ${ERRORS} } }`, {
          input: {
            email: cell.person.email,
            token: cell.person.resetToken,
            password: 'Chosen@123',
            confirmPassword: 'Chosen@123',
            captcha: await cell.session.captcha(),
          },
        }),
      ),
  },
  // The public request answers the same for everyone: whether a reset link was mailed tells the move.
  requestPasswordReset: {
    moves: ['requestPasswordReset'],
    callers: ['public'],
    call: async (cell) => {
      const before = await cell.countMails('reset');
      await cell.session.request(`mutation ($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { accepted } }`, {
        input: { email: cell.person.email, captcha: await cell.session.captcha() },
      });
      return (await cell.countMails('reset')) > before;
    },
  },
  signIn: {
    moves: ['signIn'],
    callers: ['public'],
    call: async (cell) => {
      const answer = await cell.session.signIn(cell.person.email, FACTORY_PASSWORD);
      return Boolean(answer.data?.signIn.viewer);
    },
  },
  redeemSignInHandoff: {
    moves: ['redeemSignInHandoff'],
    callers: ['public'],
    call: (cell) =>
      succeeded(
        cell.session.request(`mutation ($token: String!) { redeemSignInHandoff(token: $token) { email ${ERRORS} } }`, {
          token: cell.person.handoffToken,
        }),
      ),
  },
};
