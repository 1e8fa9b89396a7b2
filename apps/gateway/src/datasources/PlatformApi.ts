import { SubscriptionService } from './SubscriptionService';
import type { RestPage } from '../lists';
import type { ManagedPlanRecord, RestBody } from './types';

const PLANS = 'platform/subscription_plan_master';
const onePlan = (planId: string) => ({ PlanId: `eq.${planId}` });

/** The provider's masters in Platform Settings; the REST service lets only SuperAdmins in. */
export class PlatformApi extends SubscriptionService {
  listPlans(params: URLSearchParams): Promise<RestPage<ManagedPlanRecord>> {
    return this.getPage(PLANS, params);
  }

  createPlan(plan: RestBody): Promise<ManagedPlanRecord> {
    return this.post(PLANS, { body: plan });
  }

  updatePlan(planId: string, changes: RestBody): Promise<ManagedPlanRecord> {
    return this.patch(PLANS, { params: onePlan(planId), body: changes });
  }

  async deletePlan(planId: string): Promise<void> {
    await this.delete(PLANS, { params: onePlan(planId) });
  }
}
