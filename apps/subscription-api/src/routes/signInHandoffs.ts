import { z } from 'zod';
import { emailAddress, EMAIL_MISSING_MESSAGE, SIGN_IN_HANDOFF_VALIDITY_MINUTES, signInHandoffLink } from '@yozy/shared';
import { audit } from '#domain/audit';
import { issueHandoff, redeemHandoff } from '#domain/signInHandoffs';
import { refused } from '#http/answers';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody } from '#http/errors';
import { linkToken } from '#http/fields';
import { clientOf } from '#http/gateway';
import { PERSON_FACTS_SQL, requireMove, type PersonFacts } from '#domain/personLifecycle';
import { route } from '#http/route';
import { answerSchema, requestSchema } from '#openapi/components';

export const SIGN_IN_HANDOFFS_PATH = '/sign-in-handoffs';
export const REDEEM_HANDOFF_PATH = '/auth/handoff';

/** One answer for a used, expired, unknown or forged token, and a person no longer active: none says more. */
export const INVALID_HANDOFF_MESSAGE = 'That sign-in link has expired or was already used';

export const handoffBody = requestSchema('SignInHandoffRequest', z.object({ Email: emailAddress(EMAIL_MISSING_MESSAGE) }));

export const handoffAnswer = answerSchema(
  'SignInHandoff',
  z.object({
    Token: z.string().meta({ description: 'The one-time token; it is not kept and cannot be read again' }),
    Email: z.string().meta({ description: 'The email of the person it is for, as the console keeps it' }),
    ExpiresAt: z.string().meta({ description: `When it stops working (ISO 8601, ${SIGN_IN_HANDOFF_VALIDITY_MINUTES} minutes on)` }),
    LoginPath: z.string().meta({ description: "Where to send the person, after the console's public address: /login?data=<token>" }),
  }),
);

export const redeemBody = requestSchema('SignInHandoffRedemption', z.object({ token: linkToken }));

export const redeemAnswer = answerSchema(
  'SignInHandoffRedeemed',
  z.object({ email: z.string().meta({ description: 'The email the sign-in page fills in' }) }),
);

/**
 * A product sends a person to the sign-in page with a token instead of a username and key in the
 * address: the provider's SuperAdmins and internal tools' API keys issue it, the page redeems it.
 */
export const signInHandoffRoutes = [
  route(
    {
      method: 'post',
      path: SIGN_IN_HANDOFFS_PATH,
      access: 'admin',
      operationId: 'issueSignInHandoff',
      tag: 'Session',
      summary: `Issue a one-time sign-in hand-off token for a person, valid ${SIGN_IN_HANDOFF_VALIDITY_MINUTES} minutes; audited`,
      description:
        'For the provider’s SuperAdmins and API keys. A key that reaches one organisation issues only for that organisation’s people. Only the token’s digest is kept; the audit log (user.sign_in_handoff_issue) names who issued it (and the key) and for whom. A read-only key is refused, as for every change.',
      body: handoffBody,
      responses: {
        201: { description: 'The token, answered once', body: handoffAnswer },
        400: refused('BAD_REQUEST (field Email): not an email address, or the person is deactivated'),
        403: refused('FORBIDDEN: an organisation admin signed in in person, or a read-only API key'),
        404: refused('NOT_FOUND (field Email): nobody with this email that the caller may see'),
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      if (!viewer.apiKey && viewer.typeOfUser !== 'SuperAdmin') {
        throw new HttpError('FORBIDDEN', 'Sign-in links are issued by the provider’s administrators and API keys');
      }
      const { Email } = parseBody(handoffBody, req.body);
      // A key that reaches one organisation acts as that organisation's admin: its people only.
      const [person] = await db.query<PersonFacts & { user_id: number; client_id: number; email: string }>(
        `SELECT u.user_id, u.client_id, u.email, ${PERSON_FACTS_SQL} FROM client_users u
          WHERE lower(u.email) = lower($1) AND ($2::int IS NULL OR u.client_id = $2)`,
        [Email, viewer.typeOfUser === 'SuperAdmin' ? null : viewer.clientId],
      );
      if (!person) throw new HttpError('NOT_FOUND', 'Nobody with this email', 'Email');
      requireMove('issueSignInHandoff', person, 'Email');
      const issued = await db.transaction(async (tx) => {
        const issued = await issueHandoff(tx, { userId: person.user_id, issuedBy: viewer.userId, apiKeyId: viewer.apiKey?.keyId ?? null });
        await audit(tx, {
          clientId: person.client_id,
          actorUserId: viewer.userId,
          action: 'user.sign_in_handoff_issue',
          entityType: 'user',
          entityId: person.user_id,
          after: { email: person.email, expiresAt: issued.expiresAt },
          ip: clientOf(req, res).ip,
        });
        return issued;
      });
      res.status(201).json({
        Token: issued.token,
        Email: person.email,
        ExpiresAt: issued.expiresAt,
        LoginPath: signInHandoffLink(issued.token),
      });
    },
  ),

  route(
    {
      method: 'post',
      path: REDEEM_HANDOFF_PATH,
      access: 'gateway',
      operationId: 'redeemSignInHandoff',
      tag: 'Session',
      summary: 'Redeem a sign-in hand-off token once: the email the sign-in page fills in; audited',
      description:
        'Uses the token (unused, unexpired, its person active) and answers only the email: it signs nobody in. The audit log (user.sign_in_handoff_redeem) names the person and who issued the token.',
      body: redeemBody,
      responses: {
        200: { description: 'The email to fill in', body: redeemAnswer },
        400: refused(`INVALID_TOKEN (field token: "${INVALID_HANDOFF_MESSAGE}": used, expired, unknown or forged), BAD_REQUEST (no token)`),
      },
    },
    async (req, res, { db }) => {
      const { token } = parseBody(redeemBody, req.body);
      const redeemed = await db.transaction(async (tx) => {
        const redeemed = await redeemHandoff(tx, token);
        if (!redeemed) return null;
        await audit(tx, {
          clientId: redeemed.clientId,
          actorUserId: null,
          action: 'user.sign_in_handoff_redeem',
          entityType: 'user',
          entityId: redeemed.userId,
          after: { email: redeemed.email, issuedBy: redeemed.issuedBy },
          ip: clientOf(req, res).ip,
        });
        return redeemed;
      });
      if (!redeemed) throw new HttpError('INVALID_TOKEN', INVALID_HANDOFF_MESSAGE, 'token');
      res.json({ email: redeemed.email });
    },
  ),
];
