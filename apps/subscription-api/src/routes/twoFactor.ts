import { z } from 'zod';
import { recoveryCode, twoFactorCode } from '@yozy/shared';
import { liveChallenge, useChallenge, EXPIRED_CHALLENGE_MESSAGE } from '#domain/signInChallenges';
import { startSession } from '#domain/sessions';
import { recordSignInAttempt, type SignInOutcome } from '#domain/signInActivity';
import { checkStepCode, STEP_ENDED_MESSAGE } from '#domain/signInStepBudget';
import {
  confirmEnrolment,
  disableTwoFactor,
  startEnrolment,
  twoFactorStatus,
  verifySecondFactor,
  WRONG_CODE_MESSAGE,
  USED_CODE_MESSAGE,
  WRONG_RECOVERY_CODE_MESSAGE,
} from '#domain/twoFactor';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody } from '#http/errors';
import { clientOf } from '#http/gateway';
import { route } from '#http/route';
import { twoFactorStatusAnswer, signInAnswer } from '#openapi/answers';
import { refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';

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
export const confirmTwoFactorBody = requestSchema('TwoFactorConfirm', z.strictObject({ code }));
/** POST /users/two-factor/disable */
export const disableTwoFactorBody = requestSchema('TwoFactorDisable', secondFactor);
/** POST /users/signIn/code: the step of the sign-in, then the code or a recovery code. */
export const signInCodeBody = requestSchema(
  'SignInCode',
  z
    .strictObject({ challenge, code: code.optional(), recoveryCode: recoveryCode.optional() })
    .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
      message: 'Enter the code from your authenticator app, or a recovery code',
      path: ['code'],
    }),
);
/** POST /users/signIn/enrolment */
export const signInEnrolmentBody = requestSchema('SignInEnrolment', z.strictObject({ challenge }));
/** POST /users/signIn/enrolment/confirm */
export const signInEnrolmentConfirmBody = requestSchema('SignInEnrolmentConfirm', z.strictObject({ challenge, code }));

/** Why a code given to a sign-in step was refused, as the person's sign-in activity says it. */
function codeFailure(error: HttpError): SignInOutcome {
  if (error.field === 'challenge') return 'step_ended';
  if (error.field === 'recoveryCode') return 'wrong_recovery_code';
  return error.message === USED_CODE_MESSAGE ? 'used_code' : 'wrong_code';
}

/** The person acting on their own two-factor sign-in, as the audit log names them. */
const actorOf = (req: Parameters<typeof clientOf>[0], res: Parameters<typeof clientOf>[1]) => {
  const viewer = viewerOf(res);
  return { userId: viewer.userId, clientId: viewer.clientId, ip: clientOf(req, res).ip };
};

const twoFactorEnrolmentAnswer = answerSchema(
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

const twoFactorConfirmedAnswer = answerSchema('TwoFactorConfirmed', z.strictObject({ recoveryCodes, status: twoFactorStatusAnswer }));

const signInEnrolledAnswer = answerSchema('SignInEnrolled', signInAnswer.extend({ recoveryCodes }));

/** A signed-in person's own two-factor sign-in: set up, confirm, turn off. Only ever their own. */
export const twoFactorRoutes = [
  route(
    {
      method: 'get',
      path: '/users/two-factor',
      access: 'person',
      operationId: 'getTwoFactor',
      tag: 'Session',
      summary: 'Whether your own two-factor sign-in is on',
      responses: { 200: { description: 'Status', body: twoFactorStatusAnswer } },
    },
    async (_req, res, { db }) => {
      res.json(await twoFactorStatus(db, viewerOf(res).userId));
    },
  ),

  route(
    {
      method: 'post',
      path: '/users/two-factor/enrolment',
      access: 'person',
      operationId: 'startTwoFactorEnrolment',
      tag: 'Session',
      summary: 'Start setting up your own two-factor sign-in',
      description: 'A new secret, sealed at rest (AES-256-GCM), not on until confirmed; asking again replaces it.',
      responses: {
        200: { description: 'A secret to confirm', body: twoFactorEnrolmentAnswer },
        409: refused('CONFLICT: two-factor is already on'),
      },
    },
    async (_req, res, { db, secretBox }) => {
      const userId = viewerOf(res).userId;
      res.json(await db.transaction((tx) => startEnrolment(tx, secretBox, userId)));
    },
  ),

  route(
    {
      method: 'post',
      path: '/users/two-factor/confirm',
      access: 'person',
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
    async (req, res, { db, secretBox }) => {
      const body = parseBody(confirmTwoFactorBody, req.body);
      const actor = actorOf(req, res);
      const recoveryCodes = await db.transaction((tx) => confirmEnrolment(tx, secretBox, actor, body.code));
      res.json({ recoveryCodes, status: await twoFactorStatus(db, actor.userId) });
    },
  ),

  route(
    {
      method: 'post',
      path: '/users/two-factor/disable',
      access: 'person',
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
        403: refused('FORBIDDEN: the organization requires two-factor sign-in'),
        409: refused('CONFLICT: two-factor is not on'),
      },
    },
    async (req, res, { db, secretBox }) => {
      const body = parseBody(disableTwoFactorBody, req.body);
      const actor = actorOf(req, res);
      await db.transaction((tx) => disableTwoFactor(tx, secretBox, actor, body));
      res.json(await twoFactorStatus(db, actor.userId));
    },
  ),
];

/**
 * The second step of signing in, which only the gateway calls (it counts wrong codes across
 * steps): a code or a recovery code for a person with two-factor on; setting it up for one whose
 * organisation requires it. Each ends in a session, and the step cannot be used again. A step
 * takes five wrong codes at most (signInStepBudget.ts), however many are sent at once.
 */
export const signInStepRoutes = [
  route(
    {
      method: 'post',
      path: '/users/signIn/code',
      access: 'gateway',
      operationId: 'signInWithCode',
      tag: 'Session',
      summary: 'Finish a sign-in with a code of the authenticator app, or a recovery code',
      description:
        'The step of the password answer, then a current code not used before (the step it belongs to is remembered) or one of the recovery codes, which is used up (audit two_factor.recovery_code_used). The step is then used and a session starts. A step takes five wrong codes, recovery codes included: each is counted under the step’s lock and kept although it is refused, and the fifth ends the step.',
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
    async (req, res, { db, secretBox }) => {
      const body = parseBody(signInCodeBody, req.body);
      const client = clientOf(req, res);
      const { step, checked } = await db.transaction(async (tx) => {
        const step = await liveChallenge(tx, body.challenge, 'code');
        const checked = await checkStepCode(tx, step, () =>
          verifySecondFactor(tx, secretBox, { userId: step.userId, clientId: step.clientId, ip: client.ip }, body),
        );
        if (!(checked instanceof HttpError)) await useChallenge(tx, step);
        return { step, checked };
      });
      const record = (outcome: SignInOutcome) =>
        recordSignInAttempt(db, step, { step: body.recoveryCode !== undefined ? 'recovery_code' : 'code', outcome }, client);
      // A wrong code was counted against the step in the transaction, which committed; now it is refused.
      if (checked instanceof HttpError) {
        await record(codeFailure(checked));
        throw checked;
      }
      const session = await startSession(db, { user_id: step.userId, client_id: step.clientId }, client, step.keepSignedIn);
      await record('signed_in');
      res.json(session);
    },
  ),

  route(
    {
      method: 'post',
      path: '/users/signIn/enrolment',
      access: 'gateway',
      operationId: 'startSignInEnrolment',
      tag: 'Session',
      summary: 'Set two-factor up during a sign-in the organization requires it for',
      description:
        'Makes a new secret for the person of the step (sealed at rest) and answers it with its QR code; asking again replaces it.',
      body: signInEnrolmentBody,
      responses: {
        200: { description: 'A secret to confirm', body: twoFactorEnrolmentAnswer },
        400: refused(`INVALID_TOKEN (field challenge): "${EXPIRED_CHALLENGE_MESSAGE}"`),
      },
    },
    async (req, res, { db, secretBox }) => {
      const body = parseBody(signInEnrolmentBody, req.body);
      res.json(
        await db.transaction(async (tx) => {
          const step = await liveChallenge(tx, body.challenge, 'enrol');
          return startEnrolment(tx, secretBox, step.userId);
        }),
      );
    },
  ),

  route(
    {
      method: 'post',
      path: '/users/signIn/enrolment/confirm',
      access: 'gateway',
      operationId: 'confirmSignInEnrolment',
      tag: 'Session',
      summary: 'Confirm the enrolment of a sign-in with a code, and start the session',
      description:
        'Turns two-factor on (audit two_factor.enable), answers the ten recovery codes once, uses the step and starts a session. The step takes five wrong codes, as for /users/signIn/code.',
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
    async (req, res, { db, secretBox }) => {
      const body = parseBody(signInEnrolmentConfirmBody, req.body);
      const client = clientOf(req, res);
      const { step, recoveryCodes } = await db.transaction(async (tx) => {
        const step = await liveChallenge(tx, body.challenge, 'enrol');
        const recoveryCodes = await checkStepCode(tx, step, () =>
          confirmEnrolment(tx, secretBox, { userId: step.userId, clientId: step.clientId, ip: client.ip }, body.code),
        );
        if (!(recoveryCodes instanceof HttpError)) await useChallenge(tx, step);
        return { step, recoveryCodes };
      });
      const record = (outcome: SignInOutcome) => recordSignInAttempt(db, step, { step: 'enrolment', outcome }, client);
      if (recoveryCodes instanceof HttpError) {
        await record(codeFailure(recoveryCodes));
        throw recoveryCodes;
      }
      const session = await startSession(db, { user_id: step.userId, client_id: step.clientId }, client, step.keepSignedIn);
      await record('signed_in');
      res.json({ ...session, recoveryCodes });
    },
  ),
];
