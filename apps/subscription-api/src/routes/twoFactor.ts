import { Router } from 'express';
import { z } from 'zod';
import { recoveryCode, twoFactorCode } from '@yozy/shared';
import type { Database } from '../db/database';
import { liveChallenge, useChallenge } from '../domain/signInChallenges';
import { startSession } from '../domain/sessions';
import { checkStepCode } from '../domain/signInStepBudget';
import { confirmEnrolment, disableTwoFactor, startEnrolment, twoFactorStatus, verifySecondFactor } from '../domain/twoFactor';
import { authenticate, requirePerson, viewerOf } from '../http/auth';
import { HttpError, parseBody } from '../http/errors';
import { clientOf } from '../http/gateway';
import type { SecretBox } from '../security/secretBox';

const code = twoFactorCode;
const challenge = z.string({ error: 'Sign in with your email and password first' }).min(1).max(200);

/** A current code, or one of the recovery codes instead: exactly one of them. */
const secondFactor = z
  .strictObject({ code: code.optional(), recoveryCode: recoveryCode.optional() })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: 'Enter the code from your authenticator app, or a recovery code',
    path: ['code'],
  });

/** POST /users/two-factor/confirm */
export const confirmTwoFactorBody = z.strictObject({ code });
/** POST /users/two-factor/disable */
export const disableTwoFactorBody = secondFactor;
/** POST /users/signIn/code: the step of the sign-in, then the code or a recovery code. */
export const signInCodeBody = z
  .strictObject({ challenge, code: code.optional(), recoveryCode: recoveryCode.optional() })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: 'Enter the code from your authenticator app, or a recovery code',
    path: ['code'],
  });
/** POST /users/signIn/enrolment */
export const signInEnrolmentBody = z.strictObject({ challenge });
/** POST /users/signIn/enrolment/confirm */
export const signInEnrolmentConfirmBody = z.strictObject({ challenge, code });

/** A signed-in person's own two-factor sign-in: set up, confirm, turn off. Only ever their own. */
export function twoFactorRoutes(db: Database, box: SecretBox): Router {
  const router = Router();
  const requireSession = authenticate(db);
  const actorOf = (req: Parameters<typeof clientOf>[0], res: Parameters<typeof clientOf>[1]) => {
    const viewer = viewerOf(res);
    return { userId: viewer.userId, clientId: viewer.clientId, ip: clientOf(req, res).ip };
  };

  router.get('/users/two-factor', requireSession, requirePerson, async (_req, res) => {
    res.json(await twoFactorStatus(db, viewerOf(res).userId));
  });

  router.post('/users/two-factor/enrolment', requireSession, requirePerson, async (_req, res) => {
    const userId = viewerOf(res).userId;
    res.json(await db.transaction((tx) => startEnrolment(tx, box, userId)));
  });

  router.post('/users/two-factor/confirm', requireSession, requirePerson, async (req, res) => {
    const body = parseBody(confirmTwoFactorBody, req.body);
    const actor = actorOf(req, res);
    const recoveryCodes = await db.transaction((tx) => confirmEnrolment(tx, box, actor, body.code));
    res.json({ recoveryCodes, status: await twoFactorStatus(db, actor.userId) });
  });

  router.post('/users/two-factor/disable', requireSession, requirePerson, async (req, res) => {
    const body = parseBody(disableTwoFactorBody, req.body);
    const actor = actorOf(req, res);
    await db.transaction((tx) => disableTwoFactor(tx, box, actor, body));
    res.json(await twoFactorStatus(db, actor.userId));
  });

  return router;
}

/**
 * The second step of signing in, which only the gateway calls (it counts wrong codes across
 * steps): a code or a recovery code for a person with two-factor on; setting it up for one whose
 * organisation requires it. Each ends in a session, and the step cannot be used again. A step
 * takes five wrong codes at most (signInStepBudget.ts), however many are sent at once.
 */
export function signInStepRoutes(db: Database, box: SecretBox): Router {
  const router = Router();

  router.post('/users/signIn/code', async (req, res) => {
    const body = parseBody(signInCodeBody, req.body);
    const client = clientOf(req, res);
    const user = await db.transaction(async (tx) => {
      const step = await liveChallenge(tx, body.challenge, 'code');
      const checked = await checkStepCode(tx, step, () =>
        verifySecondFactor(tx, box, { userId: step.userId, clientId: step.clientId, ip: client.ip }, body),
      );
      if (checked instanceof HttpError) return checked;
      await useChallenge(tx, step);
      return { user_id: step.userId, client_id: step.clientId };
    });
    // A wrong code was counted against the step in the transaction, which committed; now it is refused.
    if (user instanceof HttpError) throw user;
    res.json(await startSession(db, user, client));
  });

  router.post('/users/signIn/enrolment', async (req, res) => {
    const body = parseBody(signInEnrolmentBody, req.body);
    res.json(
      await db.transaction(async (tx) => {
        const step = await liveChallenge(tx, body.challenge, 'enrol');
        return startEnrolment(tx, box, step.userId);
      }),
    );
  });

  router.post('/users/signIn/enrolment/confirm', async (req, res) => {
    const body = parseBody(signInEnrolmentConfirmBody, req.body);
    const client = clientOf(req, res);
    const confirmed = await db.transaction(async (tx) => {
      const step = await liveChallenge(tx, body.challenge, 'enrol');
      const recoveryCodes = await checkStepCode(tx, step, () =>
        confirmEnrolment(tx, box, { userId: step.userId, clientId: step.clientId, ip: client.ip }, body.code),
      );
      if (recoveryCodes instanceof HttpError) return recoveryCodes;
      await useChallenge(tx, step);
      return { user: { user_id: step.userId, client_id: step.clientId }, recoveryCodes };
    });
    if (confirmed instanceof HttpError) throw confirmed;
    const { user, recoveryCodes } = confirmed;
    res.json({ ...(await startSession(db, user, client)), recoveryCodes });
  });

  return router;
}
