import type { Queryable } from '../db/database';
import { audit } from '../domain/audit';

/** A provisioning token as it was used for the first time. */
export type FirstUse = { tokenId: number; tokenName: string; clientId: number; usedAt: Date };

/**
 * What happens when an organisation's provisioning token is used for the first time: the
 * identity provider has connected. Called once per token (the first use is recorded atomically),
 * inside no transaction of the request. It is audited here; an event to the organisation's
 * subscribers (webhooks) belongs here too.
 */
export async function provisioningTokenFirstUsed(db: Queryable, use: FirstUse): Promise<void> {
  await audit(db, {
    clientId: use.clientId,
    actorUserId: null,
    action: 'provisioning.token_first_use',
    entityType: 'provisioning_token',
    entityId: use.tokenId,
    after: { name: use.tokenName, firstUsedAt: use.usedAt.toISOString() },
  });
}
