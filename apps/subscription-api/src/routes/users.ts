import { Router } from 'express';
import { z } from 'zod';
import { restSchema, SESSION_MAX_AGE_MS, SIGN_IN_REST_FIELDS, signInInput } from '@yozy/shared';
import type { Queryable, Database } from '../db/database';
import { productAddressFor } from '../domain/productAddress';
import { refuseWhereSsoRequired } from '../domain/singleSignOn';
import { authenticate, requirePerson, viewerOf, type Viewer } from '../http/auth';
import { clientOf, type Client } from '../http/gateway';
import { issueChallenge, twoFactorStep } from '../domain/signInChallenges';
import { HttpError, parseBody } from '../http/errors';
import { verifyPassword } from '../security/passwords';
import { hashToken, newToken } from '../security/tokens';
import { clientJson } from './clients';

export const ORGANIZATION_INACTIVE_MESSAGE =
  'Your organisation’s access to the console has been turned off. Ask the provider to turn it back on.';

/** POST /users/signIn: the rules of the console's sign-in form. */
export const signInBody = restSchema(signInInput, SIGN_IN_REST_FIELDS);

export const productAddressQuery = z.object({
  email: z.string({ error: 'Give the email to look up' }).trim().min(1, 'Give the email to look up').max(320),
});

/**
 * The signed-in user with their organisation, as GET /users/me answers. An API key's caller is its
 * maker as the key acts: with the type and organisation of the key's reach (`as`).
 */
export async function loadProfile(db: Queryable, userId: number, as?: Pick<Viewer, 'clientId' | 'typeOfUser'>) {
  const [row] = await db.query<{ profile: Record<string, unknown> }>(
    `SELECT json_build_object(
              'ClientUserId', u.user_id, 'UUID', u.uuid, 'UserFirstname', u.first_name,
              'UserLastname', u.last_name, 'OfficialEmail', u.email, 'Phone', u.phone,
              'TypeOfUser', COALESCE($3, u.type_of_user), 'ClientId', c.client_id,
              'Role', (SELECT r.role_name FROM user_roles ur JOIN roles r ON r.role_id = ur.role_id
                        WHERE ur.user_id = u.user_id ORDER BY r.role_id LIMIT 1),
              'OrgDetails', ${clientJson}) AS profile
       FROM client_users u JOIN clients c ON c.client_id = COALESCE($2, u.client_id)
      WHERE u.user_id = $1`,
    [userId, as?.clientId ?? null, as?.typeOfUser ?? null],
    { prepare: true },
  );
  if (!row) throw new HttpError('NOT_FOUND', 'No such user');
  return row.profile;
}

/** Starts a session for a person who has passed every step of signing in, and answers its token and their profile. */
export async function startSession(db: Queryable, user: { user_id: number; client_id: number }, client: Client) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_MS);
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, client_id, ip, user_agent, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [hashToken(token), user.user_id, user.client_id, client.ip, client.userAgent, expiresAt],
  );
  return { token, expiresAt: expiresAt.toISOString(), user: await loadProfile(db, user.user_id) };
}

export function userRoutes(db: Database, { webProductUrl }: { webProductUrl?: string } = {}): Router {
  const router = Router();
  const requireSession = authenticate(db);

  router.post('/users/signIn', async (req, res) => {
    const { email, password } = parseBody(signInBody, req.body);
    const [user] = await db.query<{
      user_id: number;
      client_id: number;
      password_hash: string | null;
      is_active: boolean;
      organization_active: boolean;
    }>(
      `SELECT u.user_id, u.client_id, u.password_hash, u.is_active, c.is_active AS organization_active
         FROM client_users u JOIN clients c ON c.client_id = u.client_id WHERE lower(u.email) = lower($1)`,
      [email],
    );
    // A person whose organisation signs in only through its identity provider is told so, whatever the password.
    await refuseWhereSsoRequired(db, email, 'FORBIDDEN', 'email');
    const passwordMatches = await verifyPassword(user?.password_hash, password);
    if (!user || !user.is_active || !passwordMatches) {
      throw new HttpError('INVALID_CREDENTIALS', 'Incorrect email or password');
    }
    // Said only to someone who knows the password, so it tells a stranger nothing.
    if (!user.organization_active) throw new HttpError('FORBIDDEN', ORGANIZATION_INACTIVE_MESSAGE, 'email');
    const next = await twoFactorStep(db, user.user_id);
    if (next) {
      res.json(await issueChallenge(db, user.user_id, next));
      return;
    }
    res.json(await startSession(db, user, clientOf(req, res)));
  });

  router.post('/users/signOut', requireSession, requirePerson, async (_req, res) => {
    await db.query("UPDATE sessions SET ended_at = now(), end_reason = 'signed_out' WHERE session_id = $1 AND ended_at IS NULL", [
      viewerOf(res).sessionId,
    ]);
    res.status(204).end();
  });

  router.get('/users/me', requireSession, async (_req, res) => {
    const viewer = viewerOf(res);
    res.json(await loadProfile(db, viewer.userId, viewer.apiKey ? viewer : undefined));
  });

  // Where a user's product lives (SPEC section 4). Outside the provider only people of the
  // viewer's own organisation may be looked up: the answer tells which plan someone is on, and
  // an unknown email gets the same refusal as another organisation's.
  router.get('/users/product-address', requireSession, requirePerson, async (req, res) => {
    const { email } = parseBody(productAddressQuery, req.query);
    const viewer = viewerOf(res);
    if (viewer.typeOfUser !== 'SuperAdmin') {
      const [sameOrganisation] = await db.query('SELECT 1 FROM client_users WHERE lower(email) = lower($1) AND client_id = $2', [
        email,
        viewer.clientId,
      ]);
      if (!sameOrganisation) throw new HttpError('FORBIDDEN', 'You can only look up people of your own organisation', 'email');
    }
    res.json({ url: await productAddressFor(db, email, webProductUrl) });
  });

  return router;
}
