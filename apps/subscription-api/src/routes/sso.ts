import { z } from 'zod';
import { emailDomainOf, keepSignedIn, restSchema, SSO_SETTINGS_REST_FIELDS, ssoIssues, ssoSettingsInput } from '@yozy/shared';
import { isUniqueViolation, type Database, type Queryable } from '../db/database';
import { enter, PERSON_FACTS_SQL, stateOf, type PersonFacts } from '../domain/personLifecycle';
import { audit, changedFields } from '../domain/audit';
import { reserveSeats } from '../domain/seats';
import { startSession } from '../domain/sessions';
import { issueChallenge, twoFactorStep } from '../domain/signInChallenges';
import { recordSignInAttempt, recordSsoRefusal } from '../domain/signInActivity';
import { coverageOf, discover, finishSignIn, ssoSecretContext, startSignIn, type SsoOptions } from '../domain/singleSignOn';
import {
  dnsHoldsToken,
  newVerificationToken,
  unclaimableReason,
  verificationRecordName,
  verificationRecordValue,
} from '../domain/ssoDomains';
import { viewerOf, type Viewer } from '../http/auth';
import { HttpError, parseBody } from '../http/errors';
import { clientOf } from '../http/gateway';
import { targetOrganization } from '../http/scope';
import { privateHostRefusal, reasonOf } from '../security/outboundAddress';
import { route } from '../http/route';
import { ssoLookupRecord, ssoStartRecord, signInStepAnswer, ssoSettingsRecord, ssoDiscoveryRecord } from '../openapi/answers';
import { refused, BAD_CLIENT_ID, NO_SUCH_ORGANISATION } from '../http/answers';
import { requestSchema } from '../openapi/components';
import { emit, emitSettingsChange, idOf } from '../webhooks/events';

export const SSO_SETTINGS_PATH = '/subscription_sso_settings';

const organization = z
  .union([z.int(), z.string()])
  .optional()
  .meta({ description: 'The organization; the caller’s own when left out (only a SuperAdmin may name another)' });

export const ssoSettingsQuery = z.object({ ClientId: z.string().optional().meta({ description: organization.description }) });
/** PATCH: every setting under the provider's names; ClientSecret left out or empty keeps the stored one. */
export const ssoSettingsBody = requestSchema(
  'SsoSettingsChange',
  restSchema(ssoSettingsInput, SSO_SETTINGS_REST_FIELDS)
    .extend({ ClientId: organization })
    .superRefine((body, ctx) => {
      const issues = ssoIssues({ enabled: body.Enabled, issuer: body.Issuer, clientId: body.OidcClientId, domains: body.Domains });
      for (const { path, message } of issues) ctx.addIssue({ code: 'custom', path: [SSO_SETTINGS_REST_FIELDS[path[0]]], message });
    }),
);
export const ssoDiscoverBody = requestSchema(
  'SsoDiscoveryRequest',
  z.strictObject({
    ClientId: organization,
    Issuer: z.string({ error: 'Enter the issuer’s address' }).trim().min(1, 'Enter the issuer’s address').max(500),
  }),
);
/** POST …/domains/verify (the organisation's DNS record) and …/domains/confirm (a SuperAdmin's word). */
export const ssoDomainBody = requestSchema(
  'SsoDomainRequest',
  z.strictObject({
    ClientId: organization,
    Domain: z.string({ error: 'Name the domain' }).trim().toLowerCase().min(1, 'Name the domain').max(253),
  }),
);
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

/** One domain an organisation claims for its single sign-on, and whether it has shown that it owns it. */
export type SsoDomainRecord = {
  Domain: string;
  Verified: boolean;
  VerifiedAt: string | null;
  /** DNS: its TXT record was read; PROVIDER: a SuperAdmin vouched for it. */
  VerifiedBy: 'DNS' | 'PROVIDER' | null;
  /** The TXT record to publish: its name and its value. */
  RecordName: string;
  RecordValue: string;
};

export type SsoSettingsRecord = {
  ClientId: number;
  Enabled: boolean;
  Issuer: string | null;
  OidcClientId: string | null;
  ClientSecretSet: boolean;
  Domains: string[];
  DomainVerifications: SsoDomainRecord[];
  RequireSso: boolean;
  AllowJit: boolean;
  MfaAcrValues: string[];
  UpdatedAt: string | null;
};

async function settingsOf(db: Queryable, clientId: number, lock = false): Promise<SsoSettingsRecord> {
  const [row] = await db.query<Omit<SsoSettingsRecord, 'DomainVerifications'>>(
    `SELECT c.client_id AS "ClientId", coalesce(s.enabled, false) AS "Enabled", s.issuer AS "Issuer",
            s.oidc_client_id AS "OidcClientId", s.oidc_secret_sealed IS NOT NULL AS "ClientSecretSet",
            coalesce((SELECT array_agg(d.domain ORDER BY d.domain) FROM organization_domains d WHERE d.client_id = c.client_id), '{}') AS "Domains",
            coalesce(s.require_sso, false) AS "RequireSso", coalesce(s.allow_jit, false) AS "AllowJit",
            coalesce(s.mfa_acr_values, '{}') AS "MfaAcrValues", s.updated_at AS "UpdatedAt"
       FROM clients c LEFT JOIN sso_settings s ON s.client_id = c.client_id
      WHERE c.client_id = $1${lock ? ' FOR UPDATE OF c' : ''}`,
    [clientId],
  );
  if (!row) throw new HttpError('NOT_FOUND', 'There is no such organization', 'ClientId');
  const domains = await db.query<{ domain: string; token: string; verified_at: Date | null; verified_by: 'dns' | 'provider' | null }>(
    `SELECT domain, verification_token AS token, verified_at, verified_by FROM organization_domains WHERE client_id = $1 ORDER BY domain`,
    [clientId],
  );
  return {
    ...row,
    DomainVerifications: domains.map((d) => ({
      Domain: d.domain,
      Verified: d.verified_at !== null,
      VerifiedAt: d.verified_at ? new Date(d.verified_at).toISOString() : null,
      VerifiedBy: d.verified_by === null ? null : d.verified_by === 'dns' ? 'DNS' : 'PROVIDER',
      RecordName: verificationRecordName(d.domain),
      RecordValue: verificationRecordValue(d.token),
    })),
  };
}

/** What the audit log compares: the settings without the organisation, the time, or each domain's record. */
const described = ({ UpdatedAt: _at, ClientId: _id, DomainVerifications: _records, ...settings }: SsoSettingsRecord) => settings;

/** A refusal when another organisation has already shown it owns one of the domains. */
async function refuseVerifiedElsewhere(tx: Queryable, clientId: number, domains: string[]) {
  const [taken] = await tx.query<{ domain: string }>(
    'SELECT domain FROM organization_domains WHERE domain = ANY($1::text[]) AND client_id <> $2 AND verified_at IS NOT NULL LIMIT 1',
    [domains, clientId],
  );
  if (taken) throw new HttpError('CONFLICT', `${taken.domain} is verified by another organization`, 'Domains');
}

const verifiedElsewhere = (error: unknown, field: string) => {
  if (isUniqueViolation(error, 'organization_domains_verified_domain_idx')) {
    throw new HttpError('CONFLICT', 'That domain is verified by another organization', field);
  }
  throw error;
};

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
      access: 'public',
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
      access: 'public',
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
      access: 'public',
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

/** An organisation's single sign-on settings: its admins' own, any for a SuperAdmin. */
export const ssoSettingsRoutes = [
  route(
    {
      method: 'get',
      path: SSO_SETTINGS_PATH,
      access: 'admin',
      operationId: 'getSsoSettings',
      tag: 'Organizations',
      summary: "An organization's single sign-on settings: its admins' own, any for a SuperAdmin; never the client secret",
      query: ssoSettingsQuery,
      responses: {
        200: { description: 'The settings (off when none were saved)', body: ssoSettingsRecord },
        400: BAD_CLIENT_ID,
        404: NO_SUCH_ORGANISATION,
      },
    },
    async (req, res, { db }) => {
      const { ClientId } = parseBody(ssoSettingsQuery, req.query);
      res.json(await settingsOf(db, targetOrganization(viewerOf(res), ClientId)));
    },
  ),

  route(
    {
      method: 'patch',
      path: SSO_SETTINGS_PATH,
      access: 'admin',
      operationId: 'updateSsoSettings',
      tag: 'Organizations',
      summary:
        'Changes the issuer (its discovery document must answer when on), client, require-SSO and just-in-time accounts (the secret sealed at rest; left out, the stored one stays), and, when Domains is given, the organization’s domains (new ones unverified; left out, they stay as they are); audited',
      body: ssoSettingsBody,
      responses: {
        200: { description: 'The settings as saved', body: ssoSettingsRecord },
        400: refused(
          'BAD_REQUEST: a setting breaks its rule (the field names it), a public mail or the provider’s domain, an issuer that does not answer, or no client secret to turn it on with',
        ),
        404: NO_SUCH_ORGANISATION,
        409: refused('CONFLICT (field Domains): another organization has verified a domain'),
      },
    },
    async (req, res, services) => {
      const { db } = services;
      const viewer = viewerOf(res);
      const { ClientId, ClientSecret, Domains, ...settings } = parseBody(ssoSettingsBody, req.body);
      const clientId = targetOrganization(viewer, ClientId);
      const unclaimable = Domains ? await unclaimableReason(db, Domains) : null;
      if (unclaimable) throw new HttpError('BAD_REQUEST', unclaimable, 'Domains');
      // The issuer must be on the internet (told now, as well as refused at every use), and on, it
      // must answer: an issuer whose discovery document cannot be read would sign nobody in.
      const refusal =
        settings.Issuer &&
        (await privateHostRefusal(new URL(settings.Issuer).hostname.replace(/^\[|\]$/g, ''), {
          allowPrivateNetwork: services.allowPrivateNetwork,
        }));
      if (refusal) throw new HttpError('BAD_REQUEST', refusal, 'Issuer');
      if (settings.Enabled && settings.Issuer) await readDiscovery(settings.Issuer, services);
      const saved = await db
        .transaction(async (tx) => {
          const before = await settingsOf(tx, clientId, true);
          if (settings.Enabled && !ClientSecret && !before.ClientSecretSet) {
            throw new HttpError('BAD_REQUEST', 'Enter the client secret the identity provider gave the console', 'ClientSecret');
          }
          if (Domains) await refuseVerifiedElsewhere(tx, clientId, Domains);
          const sealed = ClientSecret ? services.secretBox.seal(ClientSecret, ssoSecretContext(clientId)) : null;
          await tx.query(
            `INSERT INTO sso_settings (client_id, enabled, issuer, oidc_client_id, oidc_secret_sealed, require_sso, allow_jit, mfa_acr_values, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8, '{}'::text[]), now())
           ON CONFLICT (client_id) DO UPDATE
             SET enabled = $2, issuer = $3, oidc_client_id = $4, oidc_secret_sealed = coalesce($5, sso_settings.oidc_secret_sealed),
                 require_sso = $6, allow_jit = $7, mfa_acr_values = coalesce($8, sso_settings.mfa_acr_values), updated_at = now()`,
            [
              clientId,
              settings.Enabled,
              settings.Issuer,
              settings.OidcClientId,
              sealed,
              settings.RequireSso,
              settings.AllowJit,
              settings.MfaAcrValues,
            ],
          );
          if (Domains) {
            // A domain kept keeps its token and whether it is verified; a new one starts unverified.
            await tx.query('DELETE FROM organization_domains WHERE client_id = $1 AND NOT (domain = ANY($2::text[]))', [clientId, Domains]);
            for (const domain of Domains) {
              await tx.query(
                'INSERT INTO organization_domains (domain, client_id, verification_token) VALUES ($1, $2, $3) ON CONFLICT (client_id, domain) DO NOTHING',
                [domain, clientId, newVerificationToken()],
              );
            }
          } else if (settings.Enabled && before.Domains.length === 0) {
            throw new HttpError('BAD_REQUEST', 'Add the organization’s email domains under Domains first', 'Domains');
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
          await emitSettingsChange(tx, clientId, 'SINGLE_SIGN_ON', Object.keys(diff.after));
          return after;
        })
        .catch((error: unknown) => verifiedElsewhere(error, 'Domains'));
      res.json(saved);
    },
  ),

  // The organisation shows it owns a domain: its TXT record holds the token the console gave it.
  route(
    {
      method: 'post',
      path: `${SSO_SETTINGS_PATH}/domains/verify`,
      access: 'admin',
      operationId: 'verifySsoDomain',
      tag: 'Organizations',
      summary: 'Verifies that the organization owns a domain it claims: its TXT record holds the console’s token; audited',
      body: ssoDomainBody,
      responses: {
        200: { description: 'The settings, the domain verified', body: ssoSettingsRecord },
        400: refused('BAD_REQUEST (field Domain): the TXT record does not hold the token, or DNS could not be asked'),
        404: refused('NOT_FOUND (field Domain): not one of the organization’s domains'),
        409: refused('CONFLICT (field Domain): another organization has verified it'),
      },
    },
    async (req, res, services) => {
      const { db } = services;
      const { ClientId, Domain } = parseBody(ssoDomainBody, req.body);
      const clientId = targetOrganization(viewerOf(res), ClientId);
      const claim = await claimOf(db, clientId, Domain);
      if (!claim.verified) {
        if (!(await dnsHoldsToken(Domain, claim.token, services))) {
          throw new HttpError(
            'BAD_REQUEST',
            `The TXT record ${verificationRecordName(Domain)} does not hold ${verificationRecordValue(claim.token)} yet. Publish it, wait for DNS to update, and verify again`,
            'Domain',
          );
        }
        await markVerified(db, req, res, { clientId, domain: Domain, by: 'dns' });
      }
      res.json(await settingsOf(db, clientId));
    },
  ),

  // The provider vouches for a domain it has checked some other way; signed in as themselves only.
  route(
    {
      method: 'post',
      path: `${SSO_SETTINGS_PATH}/domains/confirm`,
      access: 'person',
      operationId: 'confirmSsoDomain',
      tag: 'Organizations',
      summary: 'A SuperAdmin, signed in as themselves, vouches that the organization owns a domain it claims; audited',
      body: ssoDomainBody,
      responses: {
        200: { description: 'The settings, the domain verified', body: ssoSettingsRecord },
        400: refused('BAD_REQUEST (field Domain): a public mail or the provider’s own domain'),
        403: refused('FORBIDDEN: not a SuperAdmin, or an API key'),
        404: refused('NOT_FOUND (field Domain): not one of the organization’s domains'),
        409: refused('CONFLICT (field Domain): another organization has verified it'),
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      if (viewer.typeOfUser !== 'SuperAdmin') throw new HttpError('FORBIDDEN', 'Only the provider’s administrators vouch for a domain');
      const { ClientId, Domain } = parseBody(ssoDomainBody, req.body);
      const clientId = targetOrganization(viewer, ClientId);
      const unclaimable = await unclaimableReason(db, [Domain]);
      if (unclaimable) throw new HttpError('BAD_REQUEST', unclaimable, 'Domain');
      const claim = await claimOf(db, clientId, Domain);
      if (!claim.verified) await markVerified(db, req, res, { clientId, domain: Domain, by: 'provider' });
      res.json(await settingsOf(db, clientId));
    },
  ),

  route(
    {
      method: 'post',
      path: `${SSO_SETTINGS_PATH}/discover`,
      access: 'admin',
      operationId: 'discoverSsoIssuer',
      tag: 'Organizations',
      summary: "Reads an issuer's OpenID Connect discovery document and says what it found",
      body: ssoDiscoverBody,
      responses: {
        200: { description: 'What the discovery document says', body: ssoDiscoveryRecord },
        400: refused('BAD_REQUEST (field Issuer): not https, unreachable, or not a discovery document, with the reason'),
      },
    },
    async (req, res, services) => {
      const { ClientId, Issuer } = parseBody(ssoDiscoverBody, req.body);
      targetOrganization(viewerOf(res), ClientId);
      const metadata = await readDiscovery(Issuer, services);
      res.json({
        Issuer: metadata.issuer,
        AuthorizationEndpoint: metadata.authorization_endpoint ?? null,
        TokenEndpoint: metadata.token_endpoint ?? null,
        UserinfoEndpoint: metadata.userinfo_endpoint ?? null,
        ScopesSupported: metadata.scopes_supported ?? [],
        Pkce: (metadata.code_challenge_methods_supported ?? []).includes('S256'),
      });
    },
  ),
];

/** The issuer's discovery document, or a refusal naming the issuer field and why it could not be read. */
async function readDiscovery(issuer: string, options: SsoOptions) {
  try {
    return (await discover(issuer, 'discovery', undefined, options)).serverMetadata();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError('BAD_REQUEST', `The issuer’s discovery document could not be read: ${reasonOf(error)}`, 'Issuer');
  }
}

/** The organisation's claim on a domain, which verifying needs first. */
async function claimOf(db: Queryable, clientId: number, domain: string) {
  const [claim] = await db.query<{ token: string; verified: boolean }>(
    'SELECT verification_token AS token, verified_at IS NOT NULL AS verified FROM organization_domains WHERE client_id = $1 AND domain = $2',
    [clientId, domain],
  );
  if (!claim)
    throw new HttpError('NOT_FOUND', `${domain} is not one of the organization’s single sign-on domains: add it and save first`, 'Domain');
  return claim;
}

/** Records that the organisation owns the domain, unless another has shown it first; audited with how. */
async function markVerified(
  db: Database,
  req: Parameters<typeof clientOf>[0],
  res: Parameters<typeof clientOf>[1],
  { clientId, domain, by }: { clientId: number; domain: string; by: 'dns' | 'provider' },
) {
  const viewer: Viewer = viewerOf(res);
  await db
    .transaction(async (tx) => {
      await refuseVerifiedElsewhere(tx, clientId, [domain]);
      await tx.query(
        `UPDATE organization_domains SET verified_at = now(), verified_by = $3, verified_by_user = $4
          WHERE client_id = $1 AND domain = $2 AND verified_at IS NULL`,
        [clientId, domain, by, viewer.userId],
      );
      await audit(tx, {
        clientId,
        actorUserId: viewer.userId,
        ip: clientOf(req, res).ip,
        action: 'organization.sso_domain_verify',
        entityType: 'organization',
        entityId: clientId,
        before: { Domain: domain, Verified: false },
        after: { Domain: domain, Verified: true, VerifiedBy: by === 'dns' ? 'DNS' : 'PROVIDER' },
      });
    })
    .catch((error: unknown) => verifiedElsewhere(error, 'Domain'));
}
