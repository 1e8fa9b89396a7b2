import { SubscriptionService } from './SubscriptionService';
import type { RestPage } from '../lists';
import type {
  AdministratorRecord,
  ApiKeyRecord,
  NewApiKeyRecord,
  OutboxMailContentRecord,
  OutboxMailRecord,
  ManagedPlanRecord,
  ManagedProductRecord,
  RegionRecord,
  RestBody,
  RoleRecord,
} from './types';

const PLANS = 'platform/subscription_plan_master';
const onePlan = (planId: string) => ({ PlanId: `eq.${planId}` });
const PRODUCTS = 'platform/subscription_product_master';
const REGIONS = 'platform/regions';
const ROLES = 'platform/roles';
const ADMINISTRATORS = 'platform/administrators';
const API_KEYS = 'platform/api-keys';
const OUTBOX = 'platform/outbox';
const OUTBOX_CONTENT = 'platform/outbox_content';
const oneRole = (roleId: string) => ({ RoleId: `eq.${roleId}` });

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

  listProducts(params: URLSearchParams): Promise<RestPage<ManagedProductRecord>> {
    return this.getPage(PRODUCTS, params);
  }

  createProduct(product: RestBody): Promise<ManagedProductRecord> {
    return this.post(PRODUCTS, { body: product });
  }

  updateProduct(productId: string, product: RestBody): Promise<ManagedProductRecord> {
    return this.patch(PRODUCTS, { params: { ProductId: `eq.${productId}` }, body: product });
  }

  listRegions(params: URLSearchParams): Promise<RestPage<RegionRecord>> {
    return this.getPage(REGIONS, params);
  }

  createRegion(region: RestBody): Promise<RegionRecord> {
    return this.post(REGIONS, { body: region });
  }

  updateRegion(regionId: string, changes: RestBody): Promise<RegionRecord> {
    return this.patch(REGIONS, { params: { RegionId: `eq.${regionId}` }, body: changes });
  }

  async deleteRegion(regionId: string): Promise<void> {
    await this.delete(REGIONS, { params: { RegionId: `eq.${regionId}` } });
  }

  listRoles(params: URLSearchParams): Promise<RestPage<RoleRecord>> {
    return this.getPage(ROLES, params);
  }

  createRole(role: RestBody): Promise<RoleRecord> {
    return this.post(ROLES, { body: role });
  }

  updateRole(roleId: string, changes: RestBody): Promise<RoleRecord> {
    return this.patch(ROLES, { params: oneRole(roleId), body: changes });
  }

  async deleteRole(roleId: string): Promise<void> {
    await this.delete(ROLES, { params: oneRole(roleId) });
  }

  listAdministrators(params: URLSearchParams): Promise<RestPage<AdministratorRecord>> {
    return this.getPage(ADMINISTRATORS, params);
  }

  inviteAdministrator(administrator: RestBody): Promise<AdministratorRecord> {
    return this.post(ADMINISTRATORS, { body: administrator });
  }

  setAdministratorActive(userId: string, active: boolean): Promise<AdministratorRecord> {
    return this.patch(ADMINISTRATORS, { params: { UserId: `eq.${userId}` }, body: { IsActive: active } });
  }

  listApiKeys(params: URLSearchParams): Promise<RestPage<ApiKeyRecord>> {
    return this.getPage(API_KEYS, params);
  }

  createApiKey(key: RestBody): Promise<NewApiKeyRecord> {
    return this.post(API_KEYS, { body: key });
  }

  revokeApiKey(keyId: string): Promise<ApiKeyRecord> {
    return this.delete(API_KEYS, { params: { KeyId: `eq.${keyId}` } });
  }

  listOutbox(params: URLSearchParams): Promise<RestPage<OutboxMailRecord>> {
    return this.getPage(OUTBOX, params);
  }

  /** What one mail says; the service audits every reading, so it is never cached. */
  readOutboxMail(mailId: string): Promise<OutboxMailContentRecord> {
    return this.get(OUTBOX_CONTENT, { params: { MailId: `eq.${mailId}` } });
  }
}
