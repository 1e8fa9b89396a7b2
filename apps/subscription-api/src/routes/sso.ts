import { Router } from 'express';
import { z } from 'zod';
import { emailDomainOf, restSchema, SSO_SETTINGS_REST_FIELDS, ssoIssues, ssoSettingsInput } from '@yozy/shared';
import type { Database, Queryable } from '../db/database';
import { audit, changedFields } from '../domain/audit';
import { reserveSeats } from '../domain/seats';
import { coverageOf, discover, finishSignIn, ssoSecretContext, startSignIn, type SsoOptions } from '../domain/singleSignOn';
import { requireAdmin, viewerOf } from '../http/auth';
import { HttpError, parseBody } from '../http/errors';
import { clientOf } from '../http/gateway';
import { targetOrganization } from '../http/scope';
import { privateHostRefusal, reasonOf } from '../security/outboundAddress';
import { isUniqueViolation } from './platform/access';
import { startSession } from './users';

export const SSO_SETTINGS_PATH = '/subscription_sso_settings';

const organization = z
  .union([z.int(), z.string()])
  .optional()
  .meta({ description: 'The organisation; the caller’s own when left out (only a SuperAdmin may name another)' });

export const ssoSettingsQuery = z.object({ ClientId: z.string().optional().meta({ description: organization.description }) });
/** PATCH: every setting under the provider's names; ClientSecret left out or empty keeps the stored one. */
export const ssoSettingsBody = restSchema(ssoSettingsInput, SSO_SETTINGS_REST_FIELDS)
  .extend({ ClientId: organization })
  .superRefine((body, ctx) => {
    const issues = ssoIssues({ enabled: body.Enabled, issuer: body.Issuer, clientId: body.OidcClientId, domains: body.Domains });
    for (const { path, message } of issues) ctx.addIssue({ code: 'custom', path: [SSO_SETTINGS_REST_FIELDS[path[0]]], message });
  });
export const ssoDiscoverBody = z.strictObject({
  ClientId: organization,
  Issuer: z.string({ error: 'Enter the issuer’s address' }).trim().min(1, 'Enter the issuer’s address').max(500),
});
export const ssoLookupQuery = z.strictObject({ email: z.string({ error: 'Give the email to look up' }).trim().min(3).max(320) });
export const ssoStartBody = z.strictObject({
  Email: z.string({ error: 'Enter your email' }).trim().min(3).max(320),
  RedirectUri: z.url({ error: 'The console’s callback address' }),
});
export const ssoFinishBody = z.strictObject({
  CallbackUrl: z.url({ error: 'The address the identity provider sent the browser back to' }),
  State: z.string({ error: 'The state of the sign-in' }).min(1).max(200),
});

export type SsoSettingsRecord = {
  ClientId: number;
  Enabled: boolean;
  Issuer: string | null;
  OidcClientId: string | null;
  ClientSecretSet: boolean;
  Domains: string[];
  RequireSso: boolean;
  AllowJit: boolean;
  UpdatedAt: string | null;
};

async function settingsOf(db: Queryable, clientId: number, lock = false): Promise<SsoSettingsRecord> {
  const [row] = await db.query<SsoSettingsRecord>(
    `SELECT c.client_id AS "ClientId", coalesce(s.enabled, false) AS "Enabled", s.issuer AS "Issuer",
            s.oidc_client_id AS "OidcClientId", s.oidc_secret_sealed IS NOT NULL AS "ClientSecretSet",
            coalesce((SELECT array_agg(d.domain ORDER BY d.domain) FROM sso_domains d WHERE d.client_id = c.client_id), '{}') AS "Domains",
            coalesce(s.require_sso, false) AS "RequireSso", coalesce(s.allow_jit, false) AS "AllowJit", s.updated_at AS "UpdatedAt"
       FROM clients c LEFT JOIN sso_settings s ON s.client_id = c.client_id
      WHERE c.client_id = $1${lock ? ' FOR UPDATE OF c' : ''}`,
    [clientId],
  );
  if (!row) throw new HttpError('NOT_FOUND', 'There is no such organisation', 'ClientId');
  return row;
}

const described = ({ UpdatedAt: _at, ClientId: _id, ...settings }: SsoSettingsRecord) => settings;

/** The person the identity provider vouched for, as an account of the organisation: found, or made just in time within the seats. */
async function accountFor(
  tx: Queryable,
  claims: { clientId: number; email: string; firstName: string; lastName: string },
  ip: string | null,
) {
  const [user] = await tx.query<{ user_id: number; client_id: number; is_active: boolean; awaiting_approval: boolean }>(
    'SELECT user_id, client_id, is_active, awaiting_approval FROM client_users WHERE lower(email) = lower($1)',
    [claims.email],
  );
  const [organization] = await tx.query<{ company_name: string; allow_jit: boolean }>(
    'SELECT c.company_name, s.allow_jit FROM clients c JOIN sso_settings s ON s.client_id = c.client_id WHERE c.client_id = $1',
    [claims.clientId],
  );
  const company = organization?.company_name ?? 'the organisation';
  if (user) {
    if (user.client_id !== claims.clientId) throw new HttpError('FORBIDDEN', `${claims.email} belongs to another organisation`, 'code');
    if (!user.is_active) throw new HttpError('FORBIDDEN', `${claims.email} is deactivated in ${company}`, 'code');
    if (user.awaiting_approval)
      throw new HttpError('FORBIDDEN', `${claims.email} waits for an admin of ${company} to approve them`, 'code');
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
    `INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user) VALUES ($1, $2, $3, $4, 'User') RETURNING user_id`,
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
  return { user_id: created!.user_id, client_id: claims.clientId };
}

/**
 * Signing in with single sign-on, which only the gateway calls: whether an email's domain signs in
 * this way, the start (where to send the browser) and the finish (the session, for the person the
 * identity provider vouched for).
 */
export function ssoSignInRoutes(db: Database, options: SsoOptions): Router {
  const router = Router();

  router.get('/sso/lookup', async (req, res) => {
    const { email } = parseBody(ssoLookupQuery, req.query);
    const coverage = await coverageOf(db, email);
    res.json({ Sso: coverage !== null, Required: coverage?.requireSso ?? false, CompanyName: coverage?.companyName ?? null });
  });

  router.post('/sso/start', async (req, res) => {
    const { Email, RedirectUri } = parseBody(ssoStartBody, req.body);
    const coverage = await coverageOf(db, Email);
    if (!coverage) throw new HttpError('NOT_FOUND', `${emailDomainOf(Email)} does not sign in with single sign-on`, 'Email');
    const { authorizationUrl, state } = await startSignIn(db, coverage, RedirectUri, options);
    res.json({ AuthorizationUrl: authorizationUrl, State: state });
  });

  router.post('/sso/finish', async (req, res) => {
    const { CallbackUrl, State } = parseBody(ssoFinishBody, req.body);
    const claims = await finishSignIn(db, CallbackUrl, State, options);
    const client = clientOf(req, res);
    const user = await db.transaction((tx) => accountFor(tx, claims, client.ip));
    res.json(await startSession(db, user, client));
  });

  return router;
}

/** An organisation's single sign-on settings: its admins' own, any for a SuperAdmin. */
export function ssoSettingsRoutes(db: Database, options: SsoOptions): Router {
  const router = Router();

  router.get(SSO_SETTINGS_PATH, requireAdmin, async (req, res) => {
    const { ClientId } = parseBody(ssoSettingsQuery, req.query);
    res.json(await settingsOf(db, targetOrganization(viewerOf(res), ClientId)));
  });

  router.patch(SSO_SETTINGS_PATH, requireAdmin, async (req, res) => {
    const viewer = viewerOf(res);
    const { ClientId, ClientSecret, Domains, ...settings } = parseBody(ssoSettingsBody, req.body);
    const clientId = targetOrganization(viewer, ClientId);
    // The issuer must be on the internet: told now, as well as refused at every use.
    const refusal =
      settings.Issuer &&
      (await privateHostRefusal(new URL(settings.Issuer).hostname.replace(/^\[|\]$/g, ''), {
        allowPrivateNetwork: options.allowPrivateNetwork === true,
      }));
    if (refusal) throw new HttpError('BAD_REQUEST', refusal, 'Issuer');
    const saved = await db
      .transaction(async (tx) => {
        const before = await settingsOf(tx, clientId, true);
        if (settings.Enabled && !ClientSecret && !before.ClientSecretSet) {
          throw new HttpError('BAD_REQUEST', 'Enter the client secret the identity provider gave the console', 'ClientSecret');
        }
        const [taken] = await tx.query<{ domain: string; company_name: string }>(
          `SELECT d.domain, c.company_name FROM sso_domains d JOIN clients c ON c.client_id = d.client_id
            WHERE d.domain = ANY($1::text[]) AND d.client_id <> $2 LIMIT 1`,
          [Domains, clientId],
        );
        if (taken) throw new HttpError('CONFLICT', `${taken.domain} signs in to ${taken.company_name} already`, 'Domains');
        const sealed = ClientSecret ? options.secretBox.seal(ClientSecret, ssoSecretContext(clientId)) : null;
        await tx.query(
          `INSERT INTO sso_settings (client_id, enabled, issuer, oidc_client_id, oidc_secret_sealed, require_sso, allow_jit, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, now())
           ON CONFLICT (client_id) DO UPDATE
             SET enabled = $2, issuer = $3, oidc_client_id = $4, oidc_secret_sealed = coalesce($5, sso_settings.oidc_secret_sealed),
                 require_sso = $6, allow_jit = $7, updated_at = now()`,
          [clientId, settings.Enabled, settings.Issuer, settings.OidcClientId, sealed, settings.RequireSso, settings.AllowJit],
        );
        await tx.query('DELETE FROM sso_domains WHERE client_id = $1 AND NOT (domain = ANY($2::text[]))', [clientId, Domains]);
        for (const domain of Domains) {
          await tx.query('INSERT INTO sso_domains (domain, client_id) VALUES ($1, $2) ON CONFLICT (domain) DO NOTHING', [domain, clientId]);
        }
        const after = await settingsOf(tx, clientId);
        const diff = changedFields(described(before), described(after));
        if (ClientSecret) diff.after.ClientSecretChanged = true;
        await audit(tx, {
          clientId,
          actorUserId: viewer.userId,
          ip: clientOf(req, res).ip,
          action: 'organization.sso_change',
          entityType: 'organization',
          entityId: clientId,
          ...diff,
        });
        return after;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, 'sso_domains_pkey'))
          throw new HttpError('CONFLICT', 'A domain signs in to another organisation already', 'Domains');
        throw error;
      });
    res.json(saved);
  });

  router.post(`${SSO_SETTINGS_PATH}/discover`, requireAdmin, async (req, res) => {
    const { ClientId, Issuer } = parseBody(ssoDiscoverBody, req.body);
    targetOrganization(viewerOf(res), ClientId);
    try {
      const metadata = (await discover(Issuer, 'discovery', undefined, options)).serverMetadata();
      res.json({
        Issuer: metadata.issuer,
        AuthorizationEndpoint: metadata.authorization_endpoint ?? null,
        TokenEndpoint: metadata.token_endpoint ?? null,
        UserinfoEndpoint: metadata.userinfo_endpoint ?? null,
        ScopesSupported: metadata.scopes_supported ?? [],
        Pkce: (metadata.code_challenge_methods_supported ?? []).includes('S256'),
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError('BAD_REQUEST', `The issuer’s discovery document could not be read: ${reasonOf(error)}`, 'Issuer');
    }
  });

  return router;
}
