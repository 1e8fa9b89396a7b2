import { naming, SubscriptionService, type OrganizationNamed, type Without } from './SubscriptionService';
import type { RestBodyOf } from './types';

/** A person's sign-in attempts, the attempts the gateway's holds refused, and the clearing of a hold. */
export class SignInActivityApi extends SubscriptionService {
  /** A page of sign-in attempts; `params` name the person and their organisation. */
  listAttempts(params: URLSearchParams) {
    return this.page('listSignInAttempts', params);
  }

  /** The addresses a person's sign-ins failed from since a time, by step: the counters a hold is read from. */
  async failureAddresses(userId: number, organizationId: number, since: Date) {
    const answer = await this.op('listSignInFailureAddresses', {
      params: { UserId: String(userId), ClientId: String(organizationId), Since: since.toISOString() },
    });
    return answer.Addresses;
  }

  /** Keeps an attempt the gateway refused without asking for it to be checked; an unknown account keeps nothing. */
  async recordRefusal(refusal: RestBodyOf<'recordSignInRefusal'>): Promise<void> {
    await this.op('recordSignInRefusal', { body: refusal });
  }

  /** Audits the clearing of a person's holds (read-only keys are refused): the account whose counters to clear. */
  clearHold(organizationId: OrganizationNamed, clearing: Without<RestBodyOf<'clearSignInHold'>>) {
    return this.op('clearSignInHold', { body: { ...clearing, ...naming(organizationId) } });
  }
}
