import type { AuditAction } from '@yozy/shared/auditLog';
import type { Queryable } from '#db/database';
import { actingNow } from '#http/acting';

/** What the audit log keeps of one change. */
export type AuditEntry = {
  /** The organisation the changed record belongs to (null for the provider's own masters). */
  clientId: number | null;
  /** Who made the change; null when nobody was signed in (an emailed link, the system). */
  actorUserId: number | null;
  /** What happened, as `<entity>.<verb>`: `user.invite`, `group.rename`, `licence.extend`; each has its words in AUDIT_ACTIONS. */
  action: AuditAction;
  entityType: string;
  entityId: string | number;
  /** The changed fields before and after, never secrets: no passwords, token hashes or keys. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ip?: string | null;
  /** When it happened, if not now: only the demo data's history is written after the fact. */
  occurredAt?: Date;
};

// A field of these names never enters the log, whoever passes it.
const SECRET = /password|secret|token|hash|key/i;

function withoutSecrets(fields: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!fields) return null;
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !SECRET.test(name)));
}

/**
 * Writes one entry of the audit log: who did what to which record, before and after. Call it
 * inside the transaction of the change, so the log and the data never disagree.
 */
export async function audit(tx: Queryable, entry: AuditEntry): Promise<void> {
  const actor = actingNow();
  await tx.query(
    `INSERT INTO audit_log (client_id, actor_user_id, action, entity_type, entity_id, before, after, ip, created_at, api_key_id,
                            provisioning_token_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, COALESCE($9, now()), $10, $11)`,
    [
      entry.clientId,
      entry.actorUserId,
      entry.action,
      entry.entityType,
      String(entry.entityId),
      JSON.stringify(withoutSecrets(entry.before)),
      JSON.stringify(withoutSecrets(entry.after)),
      entry.ip ?? null,
      entry.occurredAt ?? null,
      actor && 'apiKeyId' in actor ? actor.apiKeyId : null,
      actor && 'provisioningTokenId' in actor ? actor.provisioningTokenId : null,
    ],
  );
}

/** The fields of `after` whose values differ from `before`, each side with only those fields. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const names = Object.keys(after).filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]));
  return {
    before: Object.fromEntries(names.map((name) => [name, before[name] ?? null])),
    after: Object.fromEntries(names.map((name) => [name, after[name] ?? null])),
  };
}
