import type { Request, Response } from 'express';
import { z } from 'zod';
import { restSchema, SSO_SETTINGS_REST_FIELDS, ssoIssues, ssoSettingsInput } from '@yozy/shared';
import { type Database } from '#db/database';
import { auditIn, auditScope, changeAudited } from '#domain/audited';
import { discover, ssoSecretContext, type SsoOptions } from '#domain/singleSignOn';
import {
  dnsHoldsToken,
  newVerificationToken,
  unclaimableReason,
  verificationRecordName,
  verificationRecordValue,
} from '#domain/ssoDomains';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody } from '#http/errors';
import { clientIdBody, clientIdQuery, targetOrganization } from '#http/scope';
import { privateHostRefusal, reasonOf } from '#security/outboundAddress';
import { route } from '#http/route';
import { refused, BAD_CLIENT_ID, NO_SUCH_ORGANISATION } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';
import { emitSettingsChange } from '#webhooks/events';
import { refuseVerifiedElsewhere, verifiedElsewhere } from '#domain/organizationDomains';
import { auditedSsoSettings, claimOf, settingsOf } from '#domain/ssoSettings';

export const SSO_SETTINGS_PATH = '/subscription_sso_settings';

export const ssoSettingsQuery = z.object({ ClientId: clientIdQuery() });
/** PATCH: every setting under the provider's names; ClientSecret left out or empty keeps the stored one. */
export const ssoSettingsBody = requestSchema(
  'SsoSettingsChange',
  restSchema(ssoSettingsInput, SSO_SETTINGS_REST_FIELDS)
    .extend({ ClientId: clientIdBody() })
    .superRefine((body, ctx) => {
      const issues = ssoIssues({ enabled: body.Enabled, issuer: body.Issuer, clientId: body.OidcClientId, domains: body.Domains });
      for (const { path, message } of issues) ctx.addIssue({ code: 'custom', path: [SSO_SETTINGS_REST_FIELDS[path[0]]], message });
    }),
);
export const ssoDiscoverBody = requestSchema(
  'SsoDiscoveryRequest',
  z.strictObject({
    ClientId: clientIdBody(),
    Issuer: z.string({ error: 'Enter the issuer’s address' }).trim().min(1, 'Enter the issuer’s address').max(500),
  }),
);
/** POST …/domains/verify (the organisation's DNS record) and …/domains/confirm (a SuperAdmin's word). */
export const ssoDomainBody = requestSchema(
  'SsoDomainRequest',
  z.strictObject({
    ClientId: clientIdBody(),
    Domain: z.string({ error: 'Name the domain' }).trim().toLowerCase().min(1, 'Name the domain').max(253),
  }),
);
const ssoSettingsRecord = answerSchema(
  'SsoSettings',
  z.strictObject({
    ClientId: z.int(),
    Enabled: z.boolean(),
    Issuer: z.string().nullable(),
    OidcClientId: z.string().nullable(),
    ClientSecretSet: z.boolean().meta({ description: 'Whether a client secret is stored; it is never answered' }),
    Domains: z.array(z.string()).meta({ description: 'The email domains whose people sign in through the identity provider' }),
    RequireSso: z.boolean().meta({ description: 'A password sign-in of those domains is refused' }),
    AllowJit: z.boolean().meta({ description: 'An unknown person of those domains gets an account, within the seats' }),
    MfaAcrValues: z
      .array(z.string())
      .meta({ description: 'acr values that mean the identity provider used multi-factor, beside the standard amr values' }),
    DomainVerifications: z
      .array(
        z.strictObject({
          Domain: z.string(),
          Verified: z.boolean().meta({ description: 'Only a verified domain signs anyone in' }),
          VerifiedAt: z.string().nullable(),
          VerifiedBy: z
            .enum(['DNS', 'PROVIDER'])
            .nullable()
            .meta({ description: 'Its TXT record was read, or a SuperAdmin vouched for it' }),
          RecordName: z.string().meta({ description: 'Where to publish the TXT record' }),
          RecordValue: z.string().meta({ description: 'What the TXT record must hold' }),
        }),
      )
      .meta({ description: 'Each domain and whether the organization has shown it owns it' }),
    UpdatedAt: z.string().nullable(),
  }),
);

const ssoDiscoveryRecord = answerSchema(
  'SsoDiscovery',
  z.strictObject({
    Issuer: z.string(),
    AuthorizationEndpoint: z.string().nullable(),
    TokenEndpoint: z.string().nullable(),
    UserinfoEndpoint: z.string().nullable(),
    ScopesSupported: z.array(z.string()),
    Pkce: z.boolean().meta({ description: 'Whether the provider supports PKCE with S256' }),
  }),
);

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
      const { ClientId, ClientSecret, Domains, ...settings } = parseBody(ssoSettingsBody, req.body);
      const clientId = targetOrganization(viewerOf(res), ClientId);
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
          const { after, audited } = await changeAudited(tx, auditScope(req, res, clientId), auditedSsoSettings, clientId, {
            action: 'organization.sso_change',
            always: true,
            refuse: async (before) => {
              if (settings.Enabled && !ClientSecret && !before.ClientSecretSet) {
                throw new HttpError('BAD_REQUEST', 'Enter the client secret the identity provider gave the console', 'ClientSecret');
              }
              if (Domains) await refuseVerifiedElsewhere(tx, clientId, Domains);
            },
            write: async (before) => {
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
                await tx.query('DELETE FROM organization_domains WHERE client_id = $1 AND NOT (domain = ANY($2::text[]))', [
                  clientId,
                  Domains,
                ]);
                for (const domain of Domains) {
                  await tx.query(
                    'INSERT INTO organization_domains (domain, client_id, verification_token) VALUES ($1, $2, $3) ON CONFLICT (client_id, domain) DO NOTHING',
                    [domain, clientId, newVerificationToken()],
                  );
                }
              } else if (settings.Enabled && before.Domains.length === 0) {
                throw new HttpError('BAD_REQUEST', 'Add the organization’s email domains under Domains first', 'Domains');
              }
              if (ClientSecret) return { ClientSecretChanged: true };
            },
          });
          await emitSettingsChange(tx, clientId, 'SINGLE_SIGN_ON', Object.keys(audited!.after));
          return after!;
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

/** Records that the organisation owns the domain, unless another has shown it first; audited with how. */
async function markVerified(
  db: Database,
  req: Request,
  res: Response,
  { clientId, domain, by }: { clientId: number; domain: string; by: 'dns' | 'provider' },
) {
  const scope = auditScope(req, res, clientId);
  await db
    .transaction(async (tx) => {
      await refuseVerifiedElsewhere(tx, clientId, [domain]);
      await tx.query(
        `UPDATE organization_domains SET verified_at = now(), verified_by = $3, verified_by_user = $4
          WHERE client_id = $1 AND domain = $2 AND verified_at IS NULL`,
        [clientId, domain, by, scope.actorUserId],
      );
      await auditIn(tx, scope, {
        action: 'organization.sso_domain_verify',
        entityType: 'organization',
        entityId: clientId,
        before: { Domain: domain, Verified: false },
        after: { Domain: domain, Verified: true, VerifiedBy: by === 'dns' ? 'DNS' : 'PROVIDER' },
      });
    })
    .catch((error: unknown) => verifiedElsewhere(error, 'Domain'));
}
