import { AsyncLocalStorage } from 'node:async_hooks';

/** On whose behalf the request being served acts, beyond its signed-in person: an API key, or a provisioning token. */
export type Acting = { apiKeyId: number } | { provisioningTokenId: number };
const acting = new AsyncLocalStorage<Acting>();

/** Runs the rest of a request as acting for an API key or provisioning token: every audit entry it writes names it. */
export function actingFor(actor: Acting, work: () => void): void {
  acting.run(actor, work);
}

/** Whom the request being served acts for, if anyone but its signed-in person (domain/audit.ts names them in the log). */
export const actingNow = (): Acting | undefined => acting.getStore();
