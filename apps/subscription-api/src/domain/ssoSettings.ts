import type { Queryable } from '#db/database';
import { HttpError } from '#http/errors';
import { verificationRecordName, verificationRecordValue } from './ssoDomains';
import type { AuditedRecord } from './audited';

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

export async function settingsOf(db: Queryable, clientId: number, lock = false): Promise<SsoSettingsRecord> {
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
export const describedSettings = ({ UpdatedAt: _at, ClientId: _id, DomainVerifications: _records, ...settings }: SsoSettingsRecord) =>
  settings;

/** An organisation's single sign-on settings, as their changes are audited: each save, even when nothing changed. */
export const auditedSsoSettings: AuditedRecord<SsoSettingsRecord> = {
  entityType: 'organization',
  read: (tx, clientId, { lock }) => settingsOf(tx, clientId, lock),
  clientIdOf: (settings) => settings.ClientId,
  missing: ['There is no such organization', 'ClientId'],
  described: describedSettings,
};

/** The organisation's claim on a domain, which verifying needs first. */
export async function claimOf(db: Queryable, clientId: number, domain: string) {
  const [claim] = await db.query<{ token: string; verified: boolean }>(
    'SELECT verification_token AS token, verified_at IS NOT NULL AS verified FROM organization_domains WHERE client_id = $1 AND domain = $2',
    [clientId, domain],
  );
  if (!claim)
    throw new HttpError('NOT_FOUND', `${domain} is not one of the organization’s single sign-on domains: add it and save first`, 'Domain');
  return claim;
}
