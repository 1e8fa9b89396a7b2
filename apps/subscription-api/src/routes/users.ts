import { z } from 'zod';
import { restSchema, SIGN_IN_REST_FIELDS, signInInput } from '@yozy/shared';
import { productAddressFor } from '#domain/productAddress';
import { refuseWhereSsoRequired } from '#domain/singleSignOn';
import { viewerOf } from '#http/auth';
import { clientOf } from '#http/gateway';
import { loadProfile, startSession } from '#domain/sessions';
import { issueChallenge, twoFactorStep } from '#domain/signInChallenges';
import { recordSignInAttempt, type SignInOutcome } from '#domain/signInActivity';
import { HttpError, parseBody } from '#http/errors';
import { verifyPassword } from '#security/passwords';
import { allows, PERSON_FACTS_SQL, stateOf, type PersonFacts } from '#domain/personLifecycle';
import { route } from '#http/route';
import { signInStepAnswer, profile } from '#openapi/answers';
import { refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';

export const ORGANIZATION_INACTIVE_MESSAGE =
  'Your organization’s access to the console has been turned off. Ask the provider to turn it back on.';

/** Why a known account's password step was refused, as its sign-in activity says: the account's state first, then the password. */
function refusalOf(user: (PersonFacts & { password_hash: string | null }) | undefined): SignInOutcome {
  const state = user ? stateOf(user) : 'ACTIVE';
  if (state === 'DISABLED') return 'deactivated';
  if (state === 'AWAITING_APPROVAL') return 'awaiting_approval';
  return user?.password_hash === null ? 'no_password' : 'wrong_password';
}

/** POST /users/signIn: the rules of the console's sign-in form. */
export const signInBody = requestSchema('SignIn', restSchema(signInInput, SIGN_IN_REST_FIELDS));

export const productAddressQuery = z.object({
  email: z.string({ error: 'Give the email to look up' }).trim().min(1, 'Give the email to look up').max(320),
});

const productAddressAnswer = answerSchema('ProductAddress', z.strictObject({ url: z.url() }));

export const userRoutes = [
  route(
    {
      method: 'post',
      path: '/users/signIn',
      access: 'gateway',
      operationId: 'signIn',
      tag: 'Session',
      summary: 'Start a session with email and password',
      body: signInBody,
      responses: {
        200: {
          description:
            'Signed in; or, for a person with two-factor on (or whose organization requires it and who has none yet), no session but the step that asks for a code (or an enrolment)',
          body: signInStepAnswer,
        },
        400: refused('BAD_REQUEST: a field missing or too long'),
        401: refused('INVALID_CREDENTIALS: incorrect email or password (the same answer for unknown, invited and deactivated accounts)'),
      },
    },
    async (req, res, { db }) => {
      const { email, password, keepSignedIn } = parseBody(signInBody, req.body);
      const [user] = await db.query<
        PersonFacts & { user_id: number; client_id: number; password_hash: string | null; organization_active: boolean }
      >(
        `SELECT u.user_id, u.client_id, u.password_hash, ${PERSON_FACTS_SQL}, c.is_active AS organization_active
         FROM client_users u JOIN clients c ON c.client_id = u.client_id WHERE lower(u.email) = lower($1)`,
        [email],
      );
      const client = clientOf(req, res);
      // Every attempt of a known account is kept for its admins (an unknown one writes nothing, in the same time).
      const record = (outcome: SignInOutcome) =>
        recordSignInAttempt(db, { userId: user?.user_id ?? null }, { step: 'password', outcome }, client);
      // A person whose organisation signs in only through its identity provider is told so, whatever the password.
      await refuseWhereSsoRequired(db, email, 'FORBIDDEN', 'email').catch(async (error: unknown) => {
        await record('sso_required');
        throw error;
      });
      const passwordMatches = await verifyPassword(user?.password_hash, password);
      if (!user || !allows('signIn', stateOf(user)) || !passwordMatches) {
        await record(refusalOf(user));
        throw new HttpError('INVALID_CREDENTIALS', 'Incorrect email or password');
      }
      // Said only to someone who knows the password, so it tells a stranger nothing.
      if (!user.organization_active) {
        await record('organization_inactive');
        throw new HttpError('FORBIDDEN', ORGANIZATION_INACTIVE_MESSAGE, 'email');
      }
      const next = await twoFactorStep(db, user.user_id);
      if (next) {
        await record(next === 'code' ? 'code_asked' : 'enrolment_asked');
        res.json(await issueChallenge(db, user.user_id, next, { keepSignedIn }));
        return;
      }
      const session = await startSession(db, user, client, keepSignedIn);
      await record('signed_in');
      res.json(session);
    },
  ),

  route(
    {
      method: 'post',
      path: '/users/signOut',
      access: 'person',
      operationId: 'signOut',
      tag: 'Session',
      summary: 'End the session of the token',
      responses: { 204: { description: 'Ended' } },
    },
    async (_req, res, { db }) => {
      await db.query("UPDATE sessions SET ended_at = now(), end_reason = 'signed_out' WHERE session_id = $1 AND ended_at IS NULL", [
        viewerOf(res).sessionId,
      ]);
      res.status(204).end();
    },
  ),

  route(
    {
      method: 'get',
      path: '/users/me',
      access: 'session',
      operationId: 'getProfile',
      tag: 'Session',
      summary: 'The signed-in user and their organization',
      responses: { 200: { description: 'Profile', body: profile } },
    },
    async (_req, res, { db }) => {
      const viewer = viewerOf(res);
      res.json(await loadProfile(db, viewer.userId, viewer.apiKey ? viewer : undefined));
    },
  ),

  // Where a user's product lives (SPEC section 4). Outside the provider only people of the
  // viewer's own organisation may be looked up: the answer tells which plan someone is on, and
  // an unknown email gets the same refusal as another organisation's.
  route(
    {
      method: 'get',
      path: '/users/product-address',
      access: 'personThroughGateway',
      operationId: 'getProductAddress',
      tag: 'Session',
      summary: 'The product address a user is sent to after setting a password',
      description:
        "The lite product's domain when the plan group of the user's product (first role mapping) is MICROSAAS; otherwise, and whenever the lookup fails or finds nothing, the standard web product's. A SuperAdmin may ask about anyone; others only about people of their own organization.",
      query: productAddressQuery,
      responses: {
        200: { description: 'The address', body: productAddressAnswer },
        400: refused('BAD_REQUEST: email missing (field email)'),
        403: refused('FORBIDDEN: not of your organization, or unknown (the same answer)'),
      },
    },
    async (req, res, { db, webProductUrl }) => {
      const { email } = parseBody(productAddressQuery, req.query);
      const viewer = viewerOf(res);
      if (viewer.typeOfUser !== 'SuperAdmin') {
        const [sameOrganisation] = await db.query('SELECT 1 FROM client_users WHERE lower(email) = lower($1) AND client_id = $2', [
          email,
          viewer.clientId,
        ]);
        if (!sameOrganisation) throw new HttpError('FORBIDDEN', 'You can only look up people of your own organization', 'email');
      }
      res.json({ url: await productAddressFor(db, email, webProductUrl) });
    },
  ),
];
