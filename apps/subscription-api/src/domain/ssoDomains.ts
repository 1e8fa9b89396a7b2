import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import publicMailDomains from 'email-providers/all.json' with { type: 'json' };
import type { Queryable } from '#db/database';
import { HttpError } from '#http/errors';

/**
 * An organisation proves it owns an email domain before its single sign-on covers it: it publishes
 * a TXT record with a token of its own at `_yozy-verification.<domain>`, and the service reads it
 * through the resolver the operator names (DNS_SERVERS), or a SuperAdmin vouches for it.
 */
export const VERIFICATION_RECORD_LABEL = '_yozy-verification';

export const verificationRecordName = (domain: string) => `${VERIFICATION_RECORD_LABEL}.${domain}`;
export const verificationRecordValue = (token: string) => `yozy-verification=${token}`;
/** Not a secret (it is published), but an organisation's own: another's record proves nothing for it. */
export const newVerificationToken = () => randomBytes(16).toString('hex');

/**
 * Mail domains anyone can have an address on (gmail.com, outlook.com, … from the maintained list
 * of the `email-providers` package): no organisation can own one, so none may claim it.
 */
const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set(publicMailDomains.map((domain) => domain.toLowerCase()));

export const isPublicMailDomain = (domain: string) => PUBLIC_MAIL_DOMAINS.has(domain.toLowerCase());

/** The provider's own domains: those of the people of every organisation a SuperAdmin belongs to. */
export async function providerDomains(db: Queryable): Promise<Set<string>> {
  const rows = await db.query<{ domain: string }>(
    `SELECT DISTINCT lower(split_part(u.email, '@', 2)) AS domain FROM client_users u
      WHERE u.client_id IN (SELECT a.client_id FROM client_users a WHERE a.type_of_user = 'SuperAdmin')`,
  );
  return new Set(rows.map((row) => row.domain));
}

/** Why a domain can never be claimed by an organisation, or null when it may be. */
export async function unclaimableReason(db: Queryable, domains: string[]): Promise<string | null> {
  const provider = await providerDomains(db);
  for (const domain of domains) {
    if (isPublicMailDomain(domain)) {
      return `${domain} is a public mail domain: people of many organizations have addresses there, so no organization can claim it`;
    }
    if (provider.has(domain)) return `${domain} is the provider’s own domain and cannot be claimed`;
  }
  return null;
}

export type DnsOptions = {
  /** The DNS servers to ask (`ip` or `ip:port`); the system's resolver when empty. */
  dnsServers?: string[];
};

const NO_RECORD_CODES = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME']);

/**
 * Whether the domain's verification record holds the token. A name without the record answers
 * false; a resolver that cannot be asked is said so, naming the record.
 */
export async function dnsHoldsToken(domain: string, token: string, { dnsServers = [] }: DnsOptions): Promise<boolean> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (dnsServers.length) resolver.setServers(dnsServers);
  const name = verificationRecordName(domain);
  try {
    const records = await resolver.resolveTxt(name);
    return records.some((chunks) => chunks.join('').trim() === verificationRecordValue(token));
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (NO_RECORD_CODES.has(code)) return false;
    throw new HttpError(
      'BAD_REQUEST',
      `The DNS record ${name} could not be read (${code || 'no answer'}): try again in a moment`,
      'Domain',
    );
  }
}
