import { emailDomainOf } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { HttpError } from '#http/errors';

/**
 * Refuses an invitation to an address outside the organisation's allowed email domains (when it
 * lists any), naming the domains, so nothing is written for it.
 */
export async function requireAllowedDomain(tx: Queryable, clientId: number, email: string, field = 'OfficialEmail'): Promise<void> {
  const [settings] = await tx.query<{ domains: string[]; company_name: string }>(
    `SELECT s.allowed_email_domains AS domains, c.company_name
       FROM clients c JOIN org_settings s ON s.client_id = c.client_id WHERE c.client_id = $1`,
    [clientId],
  );
  if (!settings || settings.domains.length === 0 || settings.domains.includes(emailDomainOf(email))) return;
  throw new HttpError('BAD_REQUEST', `${settings.company_name} invites only addresses at ${settings.domains.join(', ')}`, field);
}
