import { z } from 'zod';
import { recordId } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { auditIn, auditScope } from '#domain/audited';
import { ssoRequiredFor } from '#domain/singleSignOn';
import { issueToken } from '#domain/userTokens';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody } from '#http/errors';
import { recordById, type ResourceDefinition, recordOf } from '#http/resource';
import { clientIdBody, targetOrganization, withOrganisation } from '#http/scope';
import { invitationLink } from '#mail/templates';
import { queueInvitationMail, setActive } from '#domain/people';
import {
  ALREADY_ACCEPTED_MESSAGE,
  AWAITING_APPROVAL_MESSAGE,
  DEACTIVATED_INVITATION_MESSAGE,
  enter,
  PERSON_FACTS_SQL,
  PERSON_STATE_SQL,
  requireMove,
  type PersonFacts,
} from '#domain/personLifecycle';
import { listRoute, route } from '#http/route';
import { refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';

/**
 * Pending (live link, no password yet), accepted (used), revoked (voided by an admin), deactivated
 * (the person was deactivated before accepting: the link does not work) or expired (unused past its time).
 */
export const INVITATION_STATUSES = ['PENDING', 'ACCEPTED', 'EXPIRED', 'REVOKED', 'DEACTIVATED'] as const;
const STATUS_SQL = `CASE WHEN t.used_at IS NOT NULL THEN 'ACCEPTED' WHEN t.voided_at IS NOT NULL THEN 'REVOKED'
  WHEN NOT u.is_active THEN 'DEACTIVATED' WHEN t.expires_at <= now() THEN 'EXPIRED' ELSE 'PENDING' END`;

/** An invitation: the newest invitation link of one person, with its state. */
export const invitationFields = {
  InvitationId: { sql: 't.token_id', type: 'int' },
  UserId: { sql: 't.user_id', type: 'int' },
  ClientId: { sql: 'u.client_id', type: 'int' },
  OfficialEmail: { sql: 't.email', type: 'text', searchable: true },
  UserFirstname: { sql: 'u.first_name', type: 'text', searchable: true },
  UserLastname: { sql: 'u.last_name', type: 'text', searchable: true },
  Status: { sql: STATUS_SQL, type: 'text' },
  PersonStatus: { sql: PERSON_STATE_SQL, type: 'text' },
  SentAt: { sql: 't.created_at', type: 'timestamp', sort: { index: 'user_tokens_invite_sent_sort_idx' } },
  ExpiresAt: { sql: 't.expires_at', type: 'timestamp' },
} satisfies ResourceDefinition['fields'];

export const invitations: ResourceDefinition = {
  from: 'user_tokens t JOIN client_users u ON u.user_id = t.user_id',
  // A resent invitation replaces the one before: each person is listed once, with their newest.
  where: `t.purpose = 'invite' AND t.token_id = (SELECT max(t2.token_id) FROM user_tokens t2 WHERE t2.user_id = t.user_id AND t2.purpose = 'invite')`,
  fields: invitationFields,
  tenantField: 'ClientId',
  tieBreaker: 't.token_id',
};

/** POST /subscription/invitations/resend */
export const resendBody = requestSchema(
  'InvitationResend',
  z.object({
    ClientId: clientIdBody(),
    UserId: recordId('Choose the person to invite again'),
    SendMail: z
      .boolean()
      .default(true)
      .meta({ description: 'false: only answer the new link, for the administrator to pass on (a person, never an API key)' }),
    Activate: z.boolean().default(false).meta({
      description:
        'true: a deactivated person (whose invitation was revoked, or who was deactivated before accepting) is activated first, taking their seats again (SEAT_LIMIT when none is left); without it such a person is refused',
    }),
  }),
);

/** POST /subscription/invitations/revoke */
export const revokeBody = requestSchema(
  'InvitationRevoke',
  z.object({
    ClientId: clientIdBody(),
    UserId: recordId('Choose the invitation to revoke'),
  }),
);

export const NOTHING_TO_REVOKE_MESSAGE = 'This invitation is not pending, so there is nothing to revoke';
export const NO_LINK_WITH_SSO_MESSAGE =
  'The organization signs in with single sign-on, so there is no link to choose a password: send the invitation by mail instead';
export const KEY_GETS_NO_LINK_MESSAGE = 'An API key never receives an invitation link: send it by mail to the person instead';

type Invitee = PersonFacts & { user_id: number; email: string; first_name: string; last_name: string; company_name: string };

/** The person invited, locked for the change, or NOT_FOUND when they are not of the organisation. */
async function invitee(tx: Queryable, clientId: number, userId: number): Promise<Invitee> {
  const [row] = await tx.query<Invitee>(
    `SELECT u.user_id, u.email, u.first_name, u.last_name, c.company_name, ${PERSON_FACTS_SQL}
       FROM client_users u JOIN clients c ON c.client_id = u.client_id
      WHERE u.user_id = $1 AND u.client_id = $2
        FOR UPDATE OF u`,
    [userId, clientId],
  );
  if (!row) throw new HttpError('NOT_FOUND', 'No such person in this organization', 'UserId');
  return row;
}

/** Voids every unused invitation link of the person; true when one was still live. */
async function voidInvitations(tx: Queryable, userId: number): Promise<boolean> {
  const voided = await tx.query<{ live: boolean }>(
    `UPDATE user_tokens SET voided_at = now()
      WHERE user_id = $1 AND purpose = 'invite' AND used_at IS NULL AND voided_at IS NULL
     RETURNING expires_at > now() AS live`,
    [userId],
  );
  return voided.some((token) => token.live);
}

const loadInvitation = (db: Queryable, userId: number) => recordById(db, invitations, 't.user_id', userId);

export const invitationRecord = answerSchema('Invitation', recordOf(invitationFields));
export const invitationResent = answerSchema(
  'InvitationResent',
  z.strictObject({
    Invitation: invitationRecord,
    Link: z
      .url()
      .nullable()
      .meta({ description: 'The new set-password link (the previous one is void); null for an API key, which never receives it' }),
  }),
);

/** Invitations of one organisation: the list, sending one again (a new link, the old one void) and revoking. */
export const invitationRoutes = [
  listRoute({
    path: '/subscription/invitations',
    access: 'admin',
    operationId: 'listInvitations',
    tag: 'Users',
    summary: 'The newest invitation of each invited person of one organization, with its status: PENDING, ACCEPTED, EXPIRED or REVOKED',
    resource: invitations,
    rows: 'Invitations',
    record: invitationRecord,
    scope: withOrganisation,
  }),

  route(
    {
      method: 'post',
      path: '/subscription/invitations/resend',
      access: 'admin',
      operationId: 'resendInvitation',
      tag: 'Users',
      summary: 'A new invitation link for a person who has not chosen a password; every earlier link is void',
      description:
        'Only for a person who is invited (the person lifecycle): mailed unless SendMail is false (the administrator passes the link on). An API key never receives the link: it is answered null, and SendMail false is refused. A deactivated person (their invitation revoked, or deactivated before accepting) is refused unless Activate is true, which activates them first and takes their seats back (SEAT_LIMIT when none is left). Audited, the activation as an entry of its own.',
      body: resendBody,
      responses: {
        200: { description: 'The new invitation and its link (null for an API key)', body: invitationResent },
        400: refused('BAD_REQUEST: UserId missing or not a whole number'),
        403: refused(
          `FORBIDDEN: another organization, or not an administrator; for an API key, SendMail false (field SendMail: "${KEY_GETS_NO_LINK_MESSAGE}")`,
        ),
        404: refused('NOT_FOUND (field UserId): no such person in the organization'),
        409: refused(
          `CONFLICT (field UserId): "${ALREADY_ACCEPTED_MESSAGE}", "${AWAITING_APPROVAL_MESSAGE}" or "${DEACTIVATED_INVITATION_MESSAGE}"; SEAT_LIMIT: no seat left to take back`,
        ),
      },
    },
    async (req, res, { db, mailer }) => {
      const viewer = viewerOf(res);
      const body = parseBody(resendBody, req.body);
      // The link signs its holder in as the person: a tool's key may have it mailed to them, never read it.
      if (viewer.apiKey && !body.SendMail) throw new HttpError('FORBIDDEN', KEY_GETS_NO_LINK_MESSAGE, 'SendMail');
      const clientId = targetOrganization(viewer, body.ClientId);
      const { link, mail, userId } = await db.transaction(async (tx) => {
        // "Activate and resend": the activation (a seat taken, audited) is a move of its own, made first.
        if (body.Activate) {
          const locked = await invitee(tx, clientId, body.UserId);
          requireMove('activate', locked);
          await setActive(tx, { ...auditScope(req, res, clientId), ids: [locked.user_id], active: true });
        }
        const person = await invitee(tx, clientId, body.UserId);
        requireMove(body.SendMail ? 'resendInvitation' : 'copyInvitationLink', person);
        await voidInvitations(tx, person.user_id);
        // A person whose organisation requires single sign-on gets no link to choose a password: the mail says to use it.
        const sso = await ssoRequiredFor(tx, person.email);
        if (sso && !body.SendMail) throw new HttpError('BAD_REQUEST', NO_LINK_WITH_SSO_MESSAGE, 'SendMail');
        const token = sso ? null : await issueToken(tx, { userId: person.user_id, email: person.email, purpose: 'invite' });
        const link = token && invitationLink(mailer.publicUrl, token, person.email, person.first_name, person.last_name);
        const mail = body.SendMail
          ? await queueInvitationMail(
              tx,
              mailer,
              {
                userId: person.user_id,
                clientId,
                email: person.email,
                firstName: person.first_name,
                lastName: person.last_name,
                organization: person.company_name,
              },
              token,
            )
          : null;
        await auditIn(tx, auditScope(req, res, clientId), {
          action: body.SendMail ? 'user.invitation_resend' : 'user.invitation_link',
          entityType: 'user',
          entityId: person.user_id,
          after: { mailed: body.SendMail },
        });
        return { link, mail, userId: person.user_id };
      });
      if (mail) mailer.dispatch(mail);
      res.json({ Invitation: await loadInvitation(db, userId), Link: viewer.apiKey ? null : link });
    },
  ),

  route(
    {
      method: 'post',
      path: '/subscription/invitations/revoke',
      access: 'admin',
      operationId: 'revokeInvitation',
      tag: 'Users',
      summary: 'Void a pending invitation; the person, who never chose a password, is deactivated and frees their seat',
      body: revokeBody,
      responses: {
        200: { description: 'The revoked invitation', body: invitationRecord },
        400: refused('BAD_REQUEST: UserId missing or not a whole number'),
        404: refused('NOT_FOUND (field UserId): no such person in the organization'),
        409: refused(`CONFLICT (field UserId): "${NOTHING_TO_REVOKE_MESSAGE}"`),
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      const body = parseBody(revokeBody, req.body);
      const clientId = targetOrganization(viewer, body.ClientId);
      await db.transaction(async (tx) => {
        const person = await invitee(tx, clientId, body.UserId);
        requireMove('revokeInvitation', person);
        if (!(await voidInvitations(tx, person.user_id))) throw new HttpError('CONFLICT', NOTHING_TO_REVOKE_MESSAGE, 'UserId');
        // Someone who never chose a password has used nothing: revoking deactivates them, freeing their seat.
        await enter(tx, 'revokeInvitation', [person]);
        await auditIn(tx, auditScope(req, res, clientId), {
          action: 'user.invitation_revoke',
          entityType: 'user',
          entityId: person.user_id,
          before: { isActive: true },
          after: { isActive: false },
        });
      });
      res.json(await loadInvitation(db, body.UserId));
    },
  ),
];
