import { isUniqueViolation, type Database, type Queryable } from '#db/database';
import { HttpError } from '#http/errors';
import type { Mailer } from '#mail/mailer';
import { domainLapsedMail } from '#mail/templates';
import { audit } from './audit';
import { dnsHoldsToken, verificationRecordName, verificationRecordValue, type DnsOptions } from './ssoDomains';

/**
 * An organisation's email domains (the "Domains" section): claimed, then verified by a DNS TXT
 * record or a SuperAdmin's word. A verified domain is the organisation's alone and serves both
 * single sign-on and SCIM provisioning. One verified by its DNS record is read again every day and
 * when provisioning uses it (if its last reading is older than RECHECK_ON_USE_MS): a record that
 * is gone stops the domain covering the organisation, which is audited and mailed to its admins.
 */
export type OrganizationDomainRecord = {
  Domain: string;
  Verified: boolean;
  VerifiedAt: string | null;
  /** DNS: its TXT record was read; PROVIDER: a SuperAdmin vouched for it. */
  VerifiedBy: 'DNS' | 'PROVIDER' | null;
  /** The TXT record to publish: its name and its value. */
  RecordName: string;
  RecordValue: string;
  /** When its DNS record was last read again. */
  CheckedAt: string | null;
  /** When it stopped being verified because its record was gone, and why; null while it is (or never was) verified. */
  LapsedAt: string | null;
  LapsedReason: string | null;
  CreatedAt: string;
};

/** The most domains one organisation may claim. */
export const MAX_ORGANIZATION_DOMAINS = 20;

type DomainRow = {
  domain: string;
  token: string;
  verified_at: Date | null;
  verified_by: 'dns' | 'provider' | null;
  checked_at: Date | null;
  lapsed_at: Date | null;
  lapsed_reason: string | null;
  created_at: Date;
};

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export const DOMAIN_COLUMNS =
  'domain, verification_token AS token, verified_at, verified_by, checked_at, lapsed_at, lapsed_reason, created_at';

export function domainRecord(row: DomainRow): OrganizationDomainRecord {
  return {
    Domain: row.domain,
    Verified: row.verified_at !== null,
    VerifiedAt: iso(row.verified_at),
    VerifiedBy: row.verified_by === null ? null : row.verified_by === 'dns' ? 'DNS' : 'PROVIDER',
    RecordName: verificationRecordName(row.domain),
    RecordValue: verificationRecordValue(row.token),
    CheckedAt: iso(row.checked_at),
    LapsedAt: iso(row.lapsed_at),
    LapsedReason: row.lapsed_reason,
    CreatedAt: iso(row.created_at)!,
  };
}

/** The organisation's domains, by name. */
export async function domainsOf(db: Queryable, clientId: number): Promise<OrganizationDomainRecord[]> {
  const rows = await db.query<DomainRow>(`SELECT ${DOMAIN_COLUMNS} FROM organization_domains WHERE client_id = $1 ORDER BY domain`, [
    clientId,
  ]);
  return rows.map(domainRecord);
}

/** A refusal when another organisation has already shown it owns one of the domains. */
export async function refuseVerifiedElsewhere(tx: Queryable, clientId: number, domains: string[], field = 'Domains') {
  const [taken] = await tx.query<{ domain: string }>(
    'SELECT domain FROM organization_domains WHERE domain = ANY($1::text[]) AND client_id <> $2 AND verified_at IS NOT NULL LIMIT 1',
    [domains, clientId],
  );
  if (taken) throw new HttpError('CONFLICT', `${taken.domain} is verified by another organization`, field);
}

/** The unique index's clash (two organisations verifying one domain at once) as the same refusal. */
export const verifiedElsewhere = (error: unknown, field: string) => {
  if (isUniqueViolation(error, 'organization_domains_verified_domain_idx')) {
    throw new HttpError('CONFLICT', 'That domain is verified by another organization', field);
  }
  throw error;
};

/** How long a DNS reading counts when provisioning uses the domain. */
export const RECHECK_ON_USE_MS = 60 * 60 * 1000;
/** How often every DNS-verified domain is read again. */
export const RECHECK_EVERY_MS = 24 * 60 * 60 * 1000;

type Recheck = DnsOptions & { db: Database; mailer: Mailer };

/**
 * Reads a DNS-verified domain's record again. Still there: the reading is noted. Gone: the domain
 * stops being verified (it covers nobody, for single sign-on and provisioning alike), audited as
 * done by nobody, and every active admin of the organisation is mailed. A resolver that cannot be
 * asked changes nothing (the next reading decides). Answers whether the domain is still verified.
 */
export async function recheckDomain({ db, mailer, ...dns }: Recheck, clientId: number, domain: string): Promise<boolean> {
  const [row] = await db.query<{ token: string; verified_by: string | null }>(
    'SELECT verification_token AS token, verified_by FROM organization_domains WHERE client_id = $1 AND domain = $2 AND verified_at IS NOT NULL',
    [clientId, domain],
  );
  if (!row) return false;
  if (row.verified_by !== 'dns') return true;
  let holds: boolean;
  try {
    holds = await dnsHoldsToken(domain, row.token, dns);
  } catch {
    return true;
  }
  if (holds) {
    await db.query('UPDATE organization_domains SET checked_at = now() WHERE client_id = $1 AND domain = $2', [clientId, domain]);
    return true;
  }
  const reason = `The TXT record ${verificationRecordName(domain)} no longer holds ${verificationRecordValue(row.token)}`;
  const mails = await db.transaction(async (tx) => {
    const lapsed = await tx.query(
      `UPDATE organization_domains SET verified_at = NULL, verified_by = NULL, verified_by_user = NULL, checked_at = now(),
              lapsed_at = now(), lapsed_reason = $3
        WHERE client_id = $1 AND domain = $2 AND verified_at IS NOT NULL AND verified_by = 'dns' RETURNING domain`,
      [clientId, domain, reason],
    );
    if (lapsed.length === 0) return [];
    await audit(tx, {
      clientId,
      actorUserId: null,
      action: 'organization.domain_lapse',
      entityType: 'organization',
      entityId: clientId,
      before: { Domain: domain, Verified: true },
      after: { Domain: domain, Verified: false, Reason: reason },
    });
    const admins = await tx.query<{ email: string }>(
      `SELECT u.email FROM client_users u WHERE u.client_id = $1 AND u.type_of_user = 'OrgAdmin' AND u.is_active ORDER BY u.user_id`,
      [clientId],
    );
    const [organization] = await tx.query<{ company_name: string }>('SELECT company_name FROM clients WHERE client_id = $1', [clientId]);
    const content = domainLapsedMail({
      publicUrl: mailer.publicUrl,
      organization: organization?.company_name ?? 'your organization',
      domain,
      recordName: verificationRecordName(domain),
      recordValue: verificationRecordValue(row.token),
    });
    return Promise.all(admins.map((admin) => mailer.queue(tx, admin.email, content, clientId)));
  });
  for (const mail of mails) mailer.dispatch(mail);
  return false;
}

/** Reads again the DNS-verified domains whose last reading is older than a day; how many lapsed. */
export async function recheckDueDomains(options: Recheck, limit = 100): Promise<number> {
  const due = await options.db.query<{ client_id: number; domain: string }>(
    `SELECT client_id, domain FROM organization_domains
      WHERE verified_by = 'dns' AND coalesce(checked_at, verified_at) < now() - make_interval(secs => $1)
      ORDER BY checked_at NULLS FIRST LIMIT $2`,
    [RECHECK_EVERY_MS / 1000, limit],
  );
  let lapsed = 0;
  for (const { client_id, domain } of due) if (!(await recheckDomain(options, client_id, domain))) lapsed += 1;
  return lapsed;
}

/**
 * Reads every DNS-verified domain again once a day (each service checks every hour for the ones
 * due; a reading is noted, so several services share the work). Stops with the returned function.
 */
export function startDomainRechecks(options: Recheck, everyMs = 60 * 60 * 1000): () => void {
  const run = () => {
    recheckDueDomains(options).catch(() => undefined);
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  const first = setTimeout(run, 60_000);
  first.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(first);
  };
}

/**
 * Whether the organisation may provision an address of this domain: it is one of its verified
 * domains, read again first when its DNS reading is older than RECHECK_ON_USE_MS.
 */
export async function provisionableDomain(options: Recheck, clientId: number, domain: string): Promise<boolean> {
  const [row] = await options.db.query<{ stale: boolean }>(
    `SELECT verified_by = 'dns' AND coalesce(checked_at, verified_at) < now() - make_interval(secs => $3) AS stale
       FROM organization_domains WHERE client_id = $1 AND domain = $2 AND verified_at IS NOT NULL`,
    [clientId, domain, RECHECK_ON_USE_MS / 1000],
  );
  if (!row) return false;
  if (!row.stale) return true;
  return recheckDomain(options, clientId, domain);
}
