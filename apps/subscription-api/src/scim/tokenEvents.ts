import type { Queryable } from '#db/database';
import { audit } from '#domain/audit';
import { emit, idOf } from '#webhooks/events';

/** A provisioning token as it was used for the first time. */
export type FirstUse = { tokenId: number; tokenName: string; clientId: number; usedAt: Date };

/**
 * What happens when an organisation's provisioning token is used for the first time: the
 * identity provider has connected. Called once per token (the first use is recorded atomically),
 * in the transaction that records it: audited, and told to the organisation's webhook endpoints.
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
  await emit(db, {
    clientId: use.clientId,
    type: 'provisioning_token.first_used',
    data: { organizationId: idOf(use.clientId), tokenId: idOf(use.tokenId) },
  });
}
