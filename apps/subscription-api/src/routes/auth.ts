import { z } from 'zod';
import {
  NEW_PASSWORD_REST_FIELDS,
  newPasswordFields,
  PASSWORD_RESET_REQUEST_REST_FIELDS,
  passwordResetRequestInput,
  restSchema,
  SET_PASSWORD_REST_FIELDS,
  setPasswordFields,
  withNewPasswordRule,
  TOKEN_VALIDITY_HOURS,
} from '@yozy/shared';
import type { Queryable } from '#db/database';
import { productAddressFor } from '#domain/productAddress';
import { refuseWhereSsoRequired } from '#domain/singleSignOn';
import { consumeToken, findLiveToken, issueToken, linkStatus, type TokenPurpose } from '#domain/userTokens';
import {
  ACCOUNT_DEACTIVATED_MESSAGE,
  allows,
  enter,
  lockPersonFacts,
  PERSON_FACTS_SQL,
  requireMove,
  stateOf,
  type PersonFacts,
} from '#domain/personLifecycle';
import { linkToken } from '#http/fields';
import { HttpError, parseBody } from '#http/errors';
import { clientOf } from '#http/gateway';
import { withMinimumDuration } from '#http/minimumDuration';
import { wordingOf } from '#mail/delivery';
import { passwordChangedMail, resetMail } from '#mail/templates';
import { hashPassword } from '#security/passwords';
import { audit } from '#domain/audit';
import { route } from '#http/route';
import { resetRequestAnswer } from '#openapi/answers';
import { refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';

/**
 * Every answer to a reset request takes at least this long, so its time does not tell whether
 * the account exists (issuing a token and queueing a mail take a few milliseconds more).
 */
export const RESET_REQUEST_MIN_MS = 400;

export const INVALID_LINK_MESSAGE = 'The URL you are trying to use has expired';

/** POST /auth/password/request: the same rules as the console's form. */
export const resetRequestBody = requestSchema(
  'PasswordResetRequest',
  restSchema(passwordResetRequestInput, PASSWORD_RESET_REQUEST_REST_FIELDS),
);

/** The email and token of an emailed link (POST /auth/password/linkverify), which the other link calls carry too. */
export const linkBody = requestSchema(
  'ResetLink',
  z.object({
    email: z.string({ error: 'The link has no email' }).trim().max(320, 'The link has no valid email'),
    token: linkToken,
  }),
);

const resetFields = linkBody.extend(restSchema(newPasswordFields, NEW_PASSWORD_REST_FIELDS).shape);

/** POST /auth/link/status: a link and what kind it is. */
export const linkStatusBody = requestSchema(
  'LinkStatusQuestion',
  linkBody.extend({
    purpose: z.enum(['reset', 'invite'], { error: 'Say which kind of link: reset or invite' }).meta({ description: 'The kind of link' }),
  }),
);

const linkStatusAnswer = answerSchema(
  'LinkStatus',
  z.strictObject({
    status: z.enum(['VALID', 'EXPIRED', 'DEACTIVATED']).meta({
      description: 'VALID: the form may be used; EXPIRED: the link no longer works; DEACTIVATED: the person’s account is deactivated',
    }),
  }),
);

/** POST /auth/reset: the link, then a new password and its confirmation (`newpassword`) under the shared rule. */
export const resetBody = requestSchema('PasswordReset', withNewPasswordRule(resetFields, NEW_PASSWORD_REST_FIELDS));

const createUserFields = linkBody.extend(restSchema(setPasswordFields, SET_PASSWORD_REST_FIELDS).shape);

/** POST /auth/create/user: the invitation link, the user's name and a first password under the shared rule. */
export const createUserBody = requestSchema('InvitationAcceptance', withNewPasswordRule(createUserFields, SET_PASSWORD_REST_FIELDS));

/** How setting a password with a link's token is refused. */
const passwordErrors = (confirmationField: string) =>
  refused(
    `INVALID_TOKEN (field token: "${INVALID_LINK_MESSAGE}": expired, used, voided, unknown or another email's), WEAK_PASSWORD (field password), PASSWORD_MISMATCH (field ${confirmationField}), BAD_REQUEST (a field missing or not a string)`,
  );

/** How a genuine link of a deactivated person is refused. */
const DEACTIVATED_LINK = refused(`FORBIDDEN (field token): "${ACCOUNT_DEACTIVATED_MESSAGE}"`);

const linkVerdict = answerSchema('ResetLinkVerdict', z.strictObject({ linkvalid: z.boolean() }));

const passwordResetAnswer = answerSchema(
  'PasswordResetDone',
  z.strictObject({
    pass: z.literal(true),
    redirectUrl: z.url().meta({ description: "The user's product address" }),
  }),
);

const invitationAnswer = answerSchema(
  'InvitationAccepted',
  z.strictObject({
    success: z.literal(true),
    redirectUrl: z.url().meta({ description: "The user's product address" }),
  }),
);

/** The public account flows of SPEC section 2: emailed reset link and invited user's first password. */
export const authRoutes = [
  route(
    {
      method: 'post',
      path: '/auth/password/request',
      access: 'gateway',
      operationId: 'requestPasswordReset',
      tag: 'Account',
      summary: 'Mail a password-reset link when an active account with a password has this email',
      description: `The answer is the same, and takes at least ${RESET_REQUEST_MIN_MS} ms, whether or not the account exists. The link is valid ${TOKEN_VALIDITY_HOURS} hours and works once.`,
      body: resetRequestBody,
      responses: {
        202: { description: 'Accepted (whether or not the account exists)', body: resetRequestAnswer },
        400: refused('BAD_REQUEST: not an email address (field email)'),
      },
    },
    async (req, res, { db, mailer }) => {
      await withMinimumDuration(RESET_REQUEST_MIN_MS, async () => {
        const { email } = parseBody(resetRequestBody, req.body);
        // Said for every address single sign-on covers, with or without an account, so it tells nothing more than the sign-in page.
        await refuseWhereSsoRequired(db, email, 'BAD_REQUEST', 'email');
        // Only accounts that can sign in with a password get a link; invited users use their invitation.
        const [user] = await db.query<PersonFacts & { user_id: number; client_id: number; email: string }>(
          `SELECT u.user_id, u.client_id, u.email, ${PERSON_FACTS_SQL}
             FROM client_users u WHERE lower(u.email) = lower($1) AND u.password_hash IS NOT NULL`,
          [email],
        );
        if (!user || !allows('requestPasswordReset', stateOf(user))) return;
        const mail = await db.transaction(async (tx) => {
          const token = await issueToken(tx, { userId: user.user_id, email: user.email, purpose: 'reset' });
          const content = resetMail(
            { publicUrl: mailer.publicUrl, token, email: user.email },
            await wordingOf(tx, user.client_id, 'reset'),
          );
          return mailer.queue(tx, user.email, content, user.client_id);
        });
        mailer.dispatch(mail);
      });
      res.status(202).json({ accepted: true });
    },
  ),

  route(
    {
      method: 'post',
      path: '/auth/password/linkverify',
      access: 'gateway',
      operationId: 'verifyResetLink',
      tag: 'Account',
      summary: `Whether a reset link is live: unused, not voided, under ${TOKEN_VALIDITY_HOURS} hours old, for this email (any case)`,
      body: linkBody,
      responses: {
        200: { description: 'Verdict', body: linkVerdict },
        400: refused('BAD_REQUEST: a field missing or not a string'),
      },
    },
    async (req, res, { db }) => {
      const { email, token } = parseBody(linkBody, req.body);
      res.json({ linkvalid: (await findLiveToken(db, { email, token, purpose: 'reset' })) !== null });
    },
  ),

  route(
    {
      method: 'post',
      path: '/auth/link/status',
      access: 'gateway',
      operationId: 'getLinkStatus',
      tag: 'Account',
      summary: 'Where an emailed link stands for the person holding it: VALID, EXPIRED or DEACTIVATED',
      description:
        'For a reset or invitation link, before its form is shown. DEACTIVATED only for a genuine link (its token, for its email) whose person is deactivated; anything else that does not work (expired, used, voided, unknown, another email’s) is EXPIRED.',
      body: linkStatusBody,
      responses: {
        200: { description: 'Where the link stands', body: linkStatusAnswer },
        400: refused('BAD_REQUEST: a field missing or not a string, or Purpose not reset or invite'),
      },
    },
    async (req, res, { db }) => {
      const { email, token, purpose } = parseBody(linkStatusBody, req.body);
      res.json({ status: await linkStatus(db, { email, token, purpose }) });
    },
  ),

  route(
    {
      method: 'post',
      path: '/auth/reset',
      access: 'gateway',
      operationId: 'resetPassword',
      tag: 'Account',
      summary: "Set a new password with a reset link's token",
      description:
        'In one transaction: the new argon2id hash, the token used, other reset tokens of the user voided, every live session ended (end_reason password_reset) and a "password changed" mail queued. Does not sign in. A weak password or a mismatch leaves the link usable.',
      body: resetBody,
      responses: {
        200: { description: 'Password changed', body: passwordResetAnswer },
        400: passwordErrors('newpassword'),
        403: DEACTIVATED_LINK,
      },
    },
    async (req, res, { db, mailer, webProductUrl }) => {
      const link = parseBody(resetFields, req.body);
      const claim = { email: link.email, token: link.token, purpose: 'reset' as const };
      // The link is judged first (a person with an expired link learns that before retyping), and the
      // password before the token is used, so a weak password does not burn the link.
      await requireLiveToken(db, claim);
      await refuseWhereSsoRequired(db, link.email, 'BAD_REQUEST');
      const body = parseBody(resetBody, req.body);
      const passwordHash = await hashPassword(body.password);

      const { owner, mail } = await db.transaction(async (tx) => {
        const owner = await useLink(tx, claim);
        const clientId = await setPassword(tx, owner.userId, passwordHash);
        // A reset is what someone does when they fear another person has the password.
        await tx.query(
          `UPDATE sessions SET ended_at = now(), end_reason = 'password_reset'
          WHERE user_id = $1 AND ended_at IS NULL AND expires_at > now()`,
          [owner.userId],
        );
        await audit(tx, {
          clientId,
          actorUserId: owner.userId,
          action: 'user.password_reset',
          entityType: 'user',
          entityId: owner.userId,
          ip: clientOf(req, res).ip,
        });
        const mail = await mailer.queue(
          tx,
          owner.email,
          passwordChangedMail({ publicUrl: mailer.publicUrl, email: owner.email, changedAt: new Date() }),
          clientId,
        );
        return { owner, mail };
      });
      mailer.dispatch(mail);
      res.json({ pass: true, redirectUrl: await productAddressFor(db, owner.email, webProductUrl) });
    },
  ),

  route(
    {
      method: 'post',
      path: '/auth/create/user',
      access: 'gateway',
      operationId: 'acceptInvitation',
      tag: 'Account',
      summary: "An invited user sets their name and first password with the invitation's token",
      body: createUserBody,
      responses: {
        200: { description: 'Password set', body: invitationAnswer },
        400: passwordErrors('confirmpassword'),
        403: DEACTIVATED_LINK,
      },
    },
    async (req, res, { db, webProductUrl }) => {
      const link = parseBody(createUserFields, req.body);
      const claim = { email: link.email, token: link.token, purpose: 'invite' as const };
      await requireLiveToken(db, claim);
      await refuseWhereSsoRequired(db, link.email, 'BAD_REQUEST');
      const body = parseBody(createUserBody, req.body);
      const passwordHash = await hashPassword(body.password);

      const owner = await db.transaction(async (tx) => {
        const owner = await useLink(tx, claim);
        const clientId = await setPassword(tx, owner.userId, passwordHash, { first: body.firstname, last: body.lastname });
        await audit(tx, {
          clientId,
          actorUserId: owner.userId,
          action: 'user.invitation_accepted',
          entityType: 'user',
          entityId: owner.userId,
          ip: clientOf(req, res).ip,
        });
        return owner;
      });
      res.json({ success: true, redirectUrl: await productAddressFor(db, owner.email, webProductUrl) });
    },
  ),
];

/** One answer for expired, used, voided, unknown and another email's tokens: none says more. */
const invalidLink = () => new HttpError('INVALID_TOKEN', INVALID_LINK_MESSAGE, 'token');

/** Why a link that is not live is refused: plainly when the person's account is deactivated, as expired otherwise. */
async function refusalOfLink(db: Queryable, claim: LinkClaim): Promise<HttpError | null> {
  const status = await linkStatus(db, claim);
  if (status === 'VALID') return null;
  return status === 'DEACTIVATED' ? new HttpError('FORBIDDEN', ACCOUNT_DEACTIVATED_MESSAGE, 'token') : invalidLink();
}

type LinkClaim = { email: string; token: string; purpose: TokenPurpose };

async function requireLiveToken(db: Queryable, claim: LinkClaim) {
  const refusal = await refusalOfLink(db, claim);
  if (refusal) throw refusal;
}

/**
 * Uses the link inside the transaction of what it allows, and makes the person's move (an
 * invitation accepted: they are active from now on), which their state must allow.
 */
async function useLink(tx: Queryable, claim: LinkClaim) {
  const owner = await consumeToken(tx, claim);
  if (!owner) throw (await refusalOfLink(tx, claim)) ?? invalidLink();
  const person = await lockPersonFacts(tx, owner.userId, null);
  const move = claim.purpose === 'invite' ? 'acceptInvitation' : 'resetPassword';
  requireMove(move, person!, 'token');
  await enter(tx, move, [person!], 'token');
  return owner;
}

async function setPassword(tx: Queryable, userId: number, passwordHash: string, name?: { first: string; last: string }) {
  const [row] = await tx.query<{ client_id: number }>(
    `UPDATE client_users
        SET password_hash = $2, password_changed_at = now(), updated_at = now(),
            first_name = coalesce($3, first_name), last_name = coalesce($4, last_name)
      WHERE user_id = $1
     RETURNING client_id`,
    [userId, passwordHash, name?.first ?? null, name?.last ?? null],
  );
  return row!.client_id;
}
