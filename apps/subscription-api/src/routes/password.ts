import { Router } from 'express';
import { CHANGE_PASSWORD_REST_FIELDS, changePasswordFields, restSchema, withNewPasswordRule } from '@yozy/shared';
import type { Database } from '../db/database';
import { audit } from '../domain/audit';
import { authenticate, requirePerson, viewerOf } from '../http/auth';
import { HttpError, parseBody } from '../http/errors';
import { clientOf } from '../http/gateway';
import type { Mailer } from '../mail/mailer';
import { passwordChangedMail } from '../mail/templates';
import { hashPassword, verifyPassword } from '../security/passwords';
import { END_REASON, endSessions } from '../domain/sessions';

/** POST /users/password: the current password, then a new one and its confirmation under the shared rule. */
export const changePasswordBody = withNewPasswordRule(
  restSchema(changePasswordFields, CHANGE_PASSWORD_REST_FIELDS),
  CHANGE_PASSWORD_REST_FIELDS,
);

export function passwordRoutes(db: Database, { mailer }: { mailer: Mailer }): Router {
  const router = Router();

  // A signed-in user changes their own password. Their other sessions end: whoever might have
  // learnt the old password is signed out, while this browser stays signed in.
  router.post('/users/password', authenticate(db), requirePerson, async (req, res) => {
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
  });

  return router;
}
