import { z } from 'zod';
import { emailDomainOf, keepSignedIn } from '@yozy/shared';
import { type Queryable } from '#db/database';
import { enter, PERSON_FACTS_SQL, stateOf, type PersonFacts } from '#domain/personLifecycle';
import { audit } from '#domain/audit';
import { reserveSeats } from '#domain/seats';
import { startSession } from '#domain/sessions';
import { issueChallenge, twoFactorStep } from '#domain/signInChallenges';
import { recordSignInAttempt, recordSsoRefusal } from '#domain/signInActivity';
import { coverageOf, finishSignIn, startSignIn } from '#domain/singleSignOn';
import { HttpError, parseBody } from '#http/errors';
import { clientOf } from '#http/gateway';
import { route } from '#http/route';
import { signInStepAnswer } from '#openapi/answers';
import { refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';
import { emit, idOf } from '#webhooks/events';

export const ssoLookupQuery = z.strictObject({ email: z.string({ error: 'Give the email to look up' }).trim().min(3).max(320) });
export const ssoStartBody = requestSchema(
  'SsoStartRequest',
  z.strictObject({
    Email: z.string({ error: 'Enter your email' }).trim().min(3).max(320),
    RedirectUri: z.url({ error: 'The console’s callback address' }),
    KeepSignedIn: keepSignedIn.meta({
      description: 'Whether the session this sign-in ends in outlives the browser (a day) or not (three hours); kept when left out',
    }),
  }),
);
export const ssoFinishBody = requestSchema(
  'SsoFinishRequest',
  z.strictObject({
    CallbackUrl: z.url({ error: 'The address the identity provider sent the browser back to' }),
    State: z.string({ error: 'The state of the sign-in' }).min(1).max(200),
  }),
);

/** The person the identity provider vouched for, as an account of the organisation: found, or made just in time within the seats. */
async function accountFor(
  tx: Queryable,
  claims: { clientId: number; email: string; firstName: string; lastName: string },
  ip: string | null,
) {
  const [user] = await tx.query<PersonFacts & { user_id: number; client_id: number }>(
    `SELECT u.user_id, u.client_id, ${PERSON_FACTS_SQL} FROM client_users u WHERE lower(u.email) = lower($1) FOR UPDATE OF u`,
    [claims.email],
  );
  const [organization] = await tx.query<{ company_name: string; allow_jit: boolean }>(
    'SELECT c.company_name, s.allow_jit FROM clients c JOIN sso_settings s ON s.client_id = c.client_id WHERE c.client_id = $1',
    [claims.clientId],
  );
  const company = organization?.company_name ?? 'the organization';
  if (user) {
    if (user.client_id !== claims.clientId) throw new HttpError('FORBIDDEN', `${claims.email} belongs to another organization`, 'code');
    const state = stateOf(user);
    if (state === 'DISABLED') throw new HttpError('FORBIDDEN', `${claims.email} is deactivated in ${company}`, 'code');
    if (state === 'AWAITING_APPROVAL')
      throw new HttpError('FORBIDDEN', `${claims.email} waits for an admin of ${company} to approve them`, 'code');
    // An invited person who signs in with single sign-on has accepted: they are active from now on.
    await enter(tx, 'signInWithSingleSignOn', [user], 'code');
    return { user_id: user.user_id, client_id: user.client_id };
  }
  if (!organization?.allow_jit) {
    throw new HttpError('FORBIDDEN', `There is no account for ${claims.email} in ${company}: ask one of its admins to invite you`, 'code');
  }
  // A member with the everyday role of the organisation's first licensed product, if a seat is free.
  const [role] = await tx.query<{ role_id: number; product_id: number }>(
    `SELECT r.role_id, r.product_id FROM licences l JOIN roles r ON r.product_id = l.product_id AND r.is_active
      WHERE l.client_id = $1 AND l.is_active AND l.valid_till >= current_date
      ORDER BY l.product_id, (r.role_name = 'Member') DESC, (r.role_name = 'Admin'), r.role_id LIMIT 1`,
    [claims.clientId],
  );
  if (!role) throw new HttpError('SEAT_LIMIT', `${company} has no licence to give ${claims.email} a seat`, 'code');
  await reserveSeats(tx, claims.clientId, role.product_id, 1, 'code');
  const localPart = claims.email.slice(0, claims.email.indexOf('@'));
  const [created] = await tx.query<{ user_id: number }>(
    `INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user, joined_at) VALUES ($1, $2, $3, $4, 'User', now()) RETURNING user_id`,
    [claims.clientId, claims.firstName || localPart, claims.lastName, claims.email],
  );
  await tx.query('INSERT INTO user_roles (user_id, role_id, product_id) VALUES ($1, $2, $3)', [
    created!.user_id,
    role.role_id,
    role.product_id,
  ]);
  await audit(tx, {
    clientId: claims.clientId,
    actorUserId: null,
    action: 'user.sso_create',
    entityType: 'user',
    entityId: created!.user_id,
    after: { email: claims.email, firstName: claims.firstName || localPart, lastName: claims.lastName, roleId: role.role_id },
    ip,
  });
  await emit(tx, {
    clientId: claims.clientId,
    type: 'person.activated',
    data: { organizationId: idOf(claims.clientId), personId: idOf(created!.user_id), state: 'ACTIVE', previousState: null },
  });
  return { user_id: created!.user_id, client_id: claims.clientId };
}

const ssoLookupRecord = answerSchema(
  'SsoLookup',
  z.strictObject({
    Sso: z.boolean().meta({ description: 'Continue with single sign-on' }),
    Required: z.boolean().meta({ description: 'A password is refused' }),
  }),
);

const ssoStartRecord = answerSchema(
  'SsoStart',
  z.strictObject({
    AuthorizationUrl: z.string().meta({ description: 'Where to send the browser' }),
    State: z.string().meta({ description: 'The state to bind to the browser (the gateway keeps it in an httpOnly cookie)' }),
  }),
);

/**
 * Signing in with single sign-on, which only the gateway calls: whether an email's domain signs in
 * this way, the start (where to send the browser) and the finish (the session, for the person the
 * identity provider vouched for).
 */
export const ssoSignInRoutes = [
  // Whether to continue with single sign-on, and nothing more: not which organisation a domain belongs to.
  route(
    {
      method: 'get',
      path: '/sso/lookup',
      access: 'gateway',
      operationId: 'lookUpSso',
      tag: 'Session',
      summary:
        'Whether an email signs in with single sign-on (a domain its organization verified), and whether it must; never which organization (gateway only)',
      query: ssoLookupQuery,
      responses: {
        200: { description: 'Whether to continue with single sign-on', body: ssoLookupRecord },
        400: refused('BAD_REQUEST: no email'),
      },
    },
    async (req, res, { db }) => {
      const { email } = parseBody(ssoLookupQuery, req.query);
      const coverage = await coverageOf(db, email);
      res.json({ Sso: coverage !== null, Required: coverage?.requireSso ?? false });
    },
  ),

  route(
    {
      method: 'post',
      path: '/sso/start',
      access: 'gateway',
      operationId: 'startSso',
      tag: 'Session',
      summary:
        'Starts a sign-in at the organization’s identity provider: authorization code flow with PKCE, state and nonce (gateway only)',
      body: ssoStartBody,
      responses: {
        200: { description: 'Where to send the browser, and the state to bind to it', body: ssoStartRecord },
        400: refused('BAD_REQUEST: the identity provider could not be reached'),
        404: refused('NOT_FOUND (field Email): the domain does not sign in with single sign-on'),
      },
    },
    async (req, res, services) => {
      const { db } = services;
      const { Email, RedirectUri, KeepSignedIn } = parseBody(ssoStartBody, req.body);
      const coverage = await coverageOf(db, Email);
      if (!coverage) throw new HttpError('NOT_FOUND', `${emailDomainOf(Email)} does not sign in with single sign-on`, 'Email');
      const { authorizationUrl, state } = await startSignIn(
        db,
        coverage,
        { redirectUri: RedirectUri, keepSignedIn: KeepSignedIn },
        services,
      );
      res.json({ AuthorizationUrl: authorizationUrl, State: state });
    },
  ),

  // The identity provider's word replaces the password; the console's own two-factor still
  // applies unless the provider says it used multi-factor, exactly as after a password.
  route(
    {
      method: 'post',
      path: '/sso/finish',
      access: 'gateway',
      operationId: 'finishSso',
      tag: 'Session',
      summary:
        'Finishes a sign-in from the identity provider’s redirect: a session, or the console’s own two-factor step when the provider did not use multi-factor (gateway only)',
      body: ssoFinishBody,
      responses: {
        200: { description: 'The session and the person, or the second step, as a password sign-in answers', body: signInStepAnswer },
        400: refused(
          'INVALID_TOKEN: an unknown, used or expired state, or another callback address; BAD_REQUEST: the provider’s email or names are not valid, or the email is not verified',
        ),
        401: refused(
          'INVALID_CREDENTIALS: the provider did not confirm the sign-in (a wrong or expired code); UNAUTHENTICATED: not the gateway',
        ),
        403: refused('FORBIDDEN: no account for the person and no just-in-time accounts, or the account is deactivated'),
        409: refused('SEAT_LIMIT: no free seat for a just-in-time account'),
      },
    },
    async (req, res, services) => {
      const { db } = services;
      const { CallbackUrl, State } = parseBody(ssoFinishBody, req.body);
      const claims = await finishSignIn(db, CallbackUrl, State, services);
      const client = clientOf(req, res);
      const user = await db
        .transaction((tx) => accountFor(tx, claims, client.ip))
        .catch(async (error: unknown) => {
          await recordSsoRefusal(db, claims, client);
          throw error;
        });
      const next = claims.multiFactor ? null : await twoFactorStep(db, user.user_id);
      const { keepSignedIn } = claims;
      const answer = next
        ? await issueChallenge(db, user.user_id, next, { keepSignedIn, beganWith: 'sso' })
        : await startSession(db, user, client, keepSignedIn);
      const outcome = next === 'code' ? 'code_asked' : next === 'enrol' ? 'enrolment_asked' : 'signed_in';
      await recordSignInAttempt(db, { userId: user.user_id }, { step: 'sso', outcome }, client);
      res.json(answer);
    },
  ),
];
