import { z } from 'zod';
import { CHANGE_PASSWORD_REST_FIELDS, changePasswordFields, restSchema, withNewPasswordRule } from '@yozy/shared';
import { audit } from '#domain/audit';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody } from '#http/errors';
import { clientOf } from '#http/gateway';
import { passwordChangedMail } from '#mail/templates';
import { hashPassword, verifyPassword } from '#security/passwords';
import { END_REASON, endSessions } from '#domain/sessions';
import { route } from '#http/route';
import { refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';

/** POST /users/password: the current password, then a new one and its confirmation under the shared rule. */
export const changePasswordBody = requestSchema(
  'PasswordChange',
  withNewPasswordRule(restSchema(changePasswordFields, CHANGE_PASSWORD_REST_FIELDS), CHANGE_PASSWORD_REST_FIELDS),
);

const passwordChanged = answerSchema(
  'PasswordChanged',
  z.strictObject({
    changed: z.literal(true),
    ended: z.int().meta({ description: "How many of the user's other sessions ended" }),
  }),
);

export const passwordRoutes = [
  // A signed-in user changes their own password. Their other sessions end: whoever might have
  // learnt the old password is signed out, while this browser stays signed in.
  route(
    {
      method: 'post',
      path: '/users/password',
      access: 'person',
      operationId: 'changePassword',
      tag: 'Session',
      summary: 'Change your own password, proving it with the current one',
      description:
        'In one transaction: the new argon2id hash, every other live session of the user ended (end_reason password_changed; the session of the call stays), the audit log (user.password_change) and a "password changed" mail queued.',
      body: changePasswordBody,
      responses: {
        200: { description: 'Changed', body: passwordChanged },
        400: refused('WEAK_PASSWORD (field password), PASSWORD_MISMATCH (field confirmpassword), BAD_REQUEST (a field missing)'),
        401: refused('INVALID_CREDENTIALS (field currentpassword): the current password is not right; or UNAUTHENTICATED: no live session'),
      },
    },
    async (req, res, { db, mailer }) => {
      const viewer = viewerOf(res);
      const body = parseBody(changePasswordBody, req.body);
      const [user] = await db.query<{ email: string; password_hash: string | null }>(
        'SELECT email, password_hash FROM client_users WHERE user_id = $1',
        [viewer.userId],
      );
      if (!user || !(await verifyPassword(user.password_hash, body.currentpassword))) {
        throw new HttpError('INVALID_CREDENTIALS', 'The current password is not right', CHANGE_PASSWORD_REST_FIELDS.currentPassword);
      }
      const passwordHash = await hashPassword(body.password);
      const { ended, mail } = await db.transaction(async (tx) => {
        await tx.query('UPDATE client_users SET password_hash = $2, password_changed_at = now(), updated_at = now() WHERE user_id = $1', [
          viewer.userId,
          passwordHash,
        ]);
        const ended = await endSessions(tx, viewer, END_REASON.passwordChanged, 's.user_id = $2', [viewer.userId]);
        await audit(tx, {
          clientId: viewer.clientId,
          actorUserId: viewer.userId,
          action: 'user.password_change',
          entityType: 'user',
          entityId: viewer.userId,
          after: { endedSessions: ended },
          ip: clientOf(req, res).ip,
        });
        const mail = await mailer.queue(
          tx,
          user.email,
          passwordChangedMail({ publicUrl: mailer.publicUrl, email: user.email, changedAt: new Date() }),
          viewer.clientId,
        );
        return { ended, mail };
      });
      mailer.dispatch(mail);
      res.json({ changed: true, ended });
    },
  ),
];
