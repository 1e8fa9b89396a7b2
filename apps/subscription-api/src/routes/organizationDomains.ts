import { z } from 'zod';
import { emailDomain } from '@yozy/shared';
import type { Database } from '#db/database';
import { auditIn, auditScope } from '#domain/audited';
import { domainsOf, MAX_ORGANIZATION_DOMAINS, refuseVerifiedElsewhere, verifiedElsewhere } from '#domain/organizationDomains';
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
import { route } from '#http/route';
import { BAD_CLIENT_ID, NO_SUCH_ORGANISATION, refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';
import type { Request, Response } from 'express';

export const ORGANIZATION_DOMAINS_PATH = '/organization_domains';

export const organizationDomainsQuery = z.object({ ClientId: clientIdQuery() });
export const organizationDomainBody = requestSchema(
  'OrganizationDomainRequest',
  z.strictObject({ ClientId: clientIdBody(), Domain: emailDomain }),
);
export const organizationDomainQuery = z.strictObject({
  ClientId: clientIdQuery(),
  Domain: emailDomain,
});

const domainRecord = z.object({
  Domain: z.string(),
  Verified: z.boolean(),
  VerifiedAt: z.string().nullable(),
  VerifiedBy: z
    .enum(['DNS', 'PROVIDER'])
    .nullable()
    .meta({ description: 'DNS: its TXT record was read; PROVIDER: a SuperAdmin vouched for it' }),
  RecordName: z.string().meta({ description: 'The TXT record to publish: its name' }),
  RecordValue: z.string().meta({ description: 'The TXT record to publish: its value' }),
  CheckedAt: z.string().nullable().meta({ description: 'When its DNS record was last read again' }),
  LapsedAt: z.string().nullable().meta({ description: 'When it stopped being verified because its record was gone' }),
  LapsedReason: z.string().nullable(),
  CreatedAt: z.string(),
});
export const organizationDomainsRecord = answerSchema(
  'OrganizationDomains',
  z.object({ ClientId: z.int(), Domains: z.array(domainRecord) }),
);

async function answerDomains(db: Database, res: Response, clientId: number) {
  const [organization] = await db.query('SELECT 1 FROM clients WHERE client_id = $1', [clientId]);
  if (!organization) throw new HttpError('NOT_FOUND', 'There is no such organization', 'ClientId');
  res.json({ ClientId: clientId, Domains: await domainsOf(db, clientId) });
}

/** The organisation's claim on a domain, which verifying needs first. */
async function claimOf(db: Database, clientId: number, domain: string) {
  const [claim] = await db.query<{ token: string; verified: boolean }>(
    'SELECT verification_token AS token, verified_at IS NOT NULL AS verified FROM organization_domains WHERE client_id = $1 AND domain = $2',
    [clientId, domain],
  );
  if (!claim) throw new HttpError('NOT_FOUND', `${domain} is not one of the organization’s domains: add it first`, 'Domain');
  return claim;
}

async function markVerified(db: Database, req: Request, res: Response, clientId: number, domain: string, by: 'dns' | 'provider') {
  const viewer = viewerOf(res);
  await db
    .transaction(async (tx) => {
      await refuseVerifiedElsewhere(tx, clientId, [domain], 'Domain');
      await tx.query(
        `UPDATE organization_domains SET verified_at = now(), verified_by = $3, verified_by_user = $4, checked_at = now(),
                lapsed_at = NULL, lapsed_reason = NULL
          WHERE client_id = $1 AND domain = $2 AND verified_at IS NULL`,
        [clientId, domain, by, viewer.userId],
      );
      await auditIn(tx, auditScope(req, res, clientId), {
        action: 'organization.domain_verify',
        entityType: 'organization',
        entityId: clientId,
        before: { Domain: domain, Verified: false },
        after: { Domain: domain, Verified: true, VerifiedBy: by === 'dns' ? 'DNS' : 'PROVIDER' },
      });
    })
    .catch((error: unknown) => verifiedElsewhere(error, 'Domain'));
}

/**
 * An organisation's email domains, the "Domains" section: add one (it does nothing until
 * verified), verify it by its DNS TXT record, or have a SuperAdmin vouch for it, and remove it.
 * Single sign-on and SCIM provisioning both use the verified ones. Its admins' own, any for a
 * SuperAdmin; every change audited.
 */
export const organizationDomainRoutes = [
  route(
    {
      method: 'get',
      path: ORGANIZATION_DOMAINS_PATH,
      access: 'admin',
      operationId: 'listOrganizationDomains',
      tag: 'Organizations',
      summary: 'The organization’s email domains, each with whether it is verified and the TXT record that verifies it',
      query: organizationDomainsQuery,
      responses: {
        200: { description: 'The domains, by name', body: organizationDomainsRecord },
        400: BAD_CLIENT_ID,
        404: NO_SUCH_ORGANISATION,
      },
    },
    async (req, res, { db }) => {
      const { ClientId } = parseBody(organizationDomainsQuery, req.query);
      await answerDomains(db, res, targetOrganization(viewerOf(res), ClientId));
    },
  ),

  route(
    {
      method: 'post',
      path: ORGANIZATION_DOMAINS_PATH,
      access: 'admin',
      operationId: 'addOrganizationDomain',
      tag: 'Organizations',
      summary: 'Adds a domain the organization claims, unverified (it covers nobody until verified); audited',
      body: organizationDomainBody,
      responses: {
        200: { description: 'The domains', body: organizationDomainsRecord },
        400: refused('BAD_REQUEST (field Domain): not a domain, a public mail domain, the provider’s own, or too many domains'),
        409: refused('CONFLICT (field Domain): the organization has it already, or another organization has verified it'),
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      const { ClientId, Domain } = parseBody(organizationDomainBody, req.body);
      const clientId = targetOrganization(viewer, ClientId);
      const unclaimable = await unclaimableReason(db, [Domain]);
      if (unclaimable) throw new HttpError('BAD_REQUEST', unclaimable, 'Domain');
      await db.transaction(async (tx) => {
        const [organization] = await tx.query('SELECT 1 FROM clients WHERE client_id = $1 FOR NO KEY UPDATE', [clientId]);
        if (!organization) throw new HttpError('NOT_FOUND', 'There is no such organization', 'ClientId');
        await refuseVerifiedElsewhere(tx, clientId, [Domain], 'Domain');
        const [count] = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM organization_domains WHERE client_id = $1', [
          clientId,
        ]);
        if (count!.count >= MAX_ORGANIZATION_DOMAINS) {
          throw new HttpError('BAD_REQUEST', `An organization may have at most ${MAX_ORGANIZATION_DOMAINS} domains`, 'Domain');
        }
        const added = await tx.query(
          `INSERT INTO organization_domains (domain, client_id, verification_token) VALUES ($1, $2, $3)
           ON CONFLICT (client_id, domain) DO NOTHING RETURNING domain`,
          [Domain, clientId, newVerificationToken()],
        );
        if (added.length === 0) throw new HttpError('CONFLICT', `${Domain} is one of the organization’s domains already`, 'Domain');
        await auditIn(tx, auditScope(req, res, clientId), {
          action: 'organization.domain_add',
          entityType: 'organization',
          entityId: clientId,
          after: { Domain, Verified: false },
        });
      });
      await answerDomains(db, res, clientId);
    },
  ),

  route(
    {
      method: 'delete',
      path: ORGANIZATION_DOMAINS_PATH,
      access: 'admin',
      operationId: 'removeOrganizationDomain',
      tag: 'Organizations',
      summary: 'Removes a domain: it no longer covers the organization for single sign-on or provisioning; audited',
      query: organizationDomainQuery,
      responses: {
        200: { description: 'The domains', body: organizationDomainsRecord },
        404: refused('NOT_FOUND (field Domain): not one of the organization’s domains'),
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      const { ClientId, Domain } = parseBody(organizationDomainQuery, req.query);
      const clientId = targetOrganization(viewer, ClientId);
      await db.transaction(async (tx) => {
        const [removed] = await tx.query<{ verified: boolean }>(
          'DELETE FROM organization_domains WHERE client_id = $1 AND domain = $2 RETURNING verified_at IS NOT NULL AS verified',
          [clientId, Domain],
        );
        if (!removed) throw new HttpError('NOT_FOUND', `${Domain} is not one of the organization’s domains`, 'Domain');
        await auditIn(tx, auditScope(req, res, clientId), {
          action: 'organization.domain_remove',
          entityType: 'organization',
          entityId: clientId,
          before: { Domain, Verified: removed.verified },
        });
      });
      await answerDomains(db, res, clientId);
    },
  ),

  route(
    {
      method: 'post',
      path: `${ORGANIZATION_DOMAINS_PATH}/verify`,
      access: 'admin',
      operationId: 'verifyOrganizationDomain',
      tag: 'Organizations',
      summary: 'Verifies that the organization owns a domain it claims: its TXT record holds the console’s token; audited',
      body: organizationDomainBody,
      responses: {
        200: { description: 'The domains, this one verified', body: organizationDomainsRecord },
        400: refused('BAD_REQUEST (field Domain): the TXT record does not hold the token, or DNS could not be asked'),
        404: refused('NOT_FOUND (field Domain): not one of the organization’s domains'),
        409: refused('CONFLICT (field Domain): another organization has verified it'),
      },
    },
    async (req, res, services) => {
      const { db } = services;
      const { ClientId, Domain } = parseBody(organizationDomainBody, req.body);
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
        await markVerified(db, req, res, clientId, Domain, 'dns');
      }
      await answerDomains(db, res, clientId);
    },
  ),

  route(
    {
      method: 'post',
      path: `${ORGANIZATION_DOMAINS_PATH}/confirm`,
      access: 'person',
      operationId: 'confirmOrganizationDomain',
      tag: 'Organizations',
      summary: 'A SuperAdmin, signed in as themselves, vouches that the organization owns a domain it claims; audited',
      body: organizationDomainBody,
      responses: {
        200: { description: 'The domains, this one verified', body: organizationDomainsRecord },
        400: refused('BAD_REQUEST (field Domain): a public mail or the provider’s own domain'),
        403: refused('FORBIDDEN: not a SuperAdmin, or an API key'),
        404: refused('NOT_FOUND (field Domain): not one of the organization’s domains'),
        409: refused('CONFLICT (field Domain): another organization has verified it'),
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      if (viewer.typeOfUser !== 'SuperAdmin') throw new HttpError('FORBIDDEN', 'Only the provider’s administrators vouch for a domain');
      const { ClientId, Domain } = parseBody(organizationDomainBody, req.body);
      const clientId = targetOrganization(viewer, ClientId);
      const unclaimable = await unclaimableReason(db, [Domain]);
      if (unclaimable) throw new HttpError('BAD_REQUEST', unclaimable, 'Domain');
      const claim = await claimOf(db, clientId, Domain);
      if (!claim.verified) await markVerified(db, req, res, clientId, Domain, 'provider');
      await answerDomains(db, res, clientId);
    },
  ),
];
