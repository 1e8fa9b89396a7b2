import type { OrganizationChoiceList } from '@yozy/shared';
import { SubscriptionService } from './SubscriptionService';
import type { AsGiven, RestBodyOf } from './types';

const PLANS = '/platform/subscription_plan_master';
const onePlan = (planId: string) => ({ PlanId: `eq.${planId}` });
const PRODUCTS = '/platform/subscription_product_master';
const REGIONS = '/platform/regions';
const oneRegion = (regionId: string) => ({ RegionId: `eq.${regionId}` });
const CHOICES = '/platform/organization_choices';
const oneChoice = (choiceId: string) => ({ ChoiceId: `eq.${choiceId}` });
const ROLES = '/platform/roles';
const oneRole = (roleId: string) => ({ RoleId: `eq.${roleId}` });
const ADMINISTRATORS = '/platform/administrators';
const API_KEYS = '/platform/api-keys';
const OUTBOX = '/platform/outbox';
const OUTBOX_CONTENT = '/platform/outbox_content';
const OUTBOX_RETRY = '/platform/outbox/retry';

/** The provider's masters in Platform Settings; the REST service lets only SuperAdmins in. */
export class PlatformApi extends SubscriptionService {
  listPlans(params: URLSearchParams) {
    return this.getPage(PLANS, params);
  }

  createPlan(plan: AsGiven<RestBodyOf<'createPlan'>, 'Frequency' | 'PlanGroup'>) {
    return this.call('post', PLANS, { body: plan });
  }

  updatePlan(planId: string, changes: AsGiven<RestBodyOf<'updatePlan'>, 'Frequency' | 'PlanGroup'>) {
    return this.call('patch', PLANS, { params: onePlan(planId), body: changes });
  }

  async deletePlan(planId: string): Promise<void> {
    await this.call('delete', PLANS, { params: onePlan(planId) });
  }

  listProducts(params: URLSearchParams) {
    return this.getPage(PRODUCTS, params);
  }

  createProduct(product: RestBodyOf<'createProduct'>) {
    return this.call('post', PRODUCTS, { body: product });
  }

  updateProduct(productId: string, product: RestBodyOf<'updateProduct'>) {
    return this.call('patch', PRODUCTS, { params: { ProductId: `eq.${productId}` }, body: product });
  }

  listRegions(params: URLSearchParams) {
    return this.getPage(REGIONS, params);
  }

  createRegion(region: RestBodyOf<'createRegion'>) {
    return this.call('post', REGIONS, { body: region });
  }

  updateRegion(regionId: string, changes: RestBodyOf<'updateRegion'>) {
    return this.call('patch', REGIONS, { params: oneRegion(regionId), body: changes });
  }

  async deleteRegion(regionId: string): Promise<void> {
    await this.call('delete', REGIONS, { params: oneRegion(regionId) });
  }

  /** A page of one list's entries (`ChoiceList` names the list). */
  listOrganizationChoices(list: OrganizationChoiceList, params: URLSearchParams) {
    params.set('ChoiceList', `eq.${list}`);
    return this.getPage(CHOICES, params);
  }

  createOrganizationChoice(choice: RestBodyOf<'createOrganizationChoice'>) {
    return this.call('post', CHOICES, { body: choice });
  }

  updateOrganizationChoice(choiceId: string, changes: RestBodyOf<'updateOrganizationChoice'>) {
    return this.call('patch', CHOICES, { params: oneChoice(choiceId), body: changes });
  }

  async deleteOrganizationChoice(choiceId: string): Promise<void> {
    await this.call('delete', CHOICES, { params: oneChoice(choiceId) });
  }

  listRoles(params: URLSearchParams) {
    return this.getPage(ROLES, params);
  }

  createRole(role: RestBodyOf<'createRole'>) {
    return this.call('post', ROLES, { body: role });
  }

  updateRole(roleId: string, changes: RestBodyOf<'updateRole'>) {
    return this.call('patch', ROLES, { params: oneRole(roleId), body: changes });
  }

  async deleteRole(roleId: string): Promise<void> {
    await this.call('delete', ROLES, { params: oneRole(roleId) });
  }

  listAdministrators(params: URLSearchParams) {
    return this.getPage(ADMINISTRATORS, params);
  }

  inviteAdministrator(administrator: RestBodyOf<'inviteAdministrator'>) {
    return this.call('post', ADMINISTRATORS, { body: administrator });
  }

  setAdministratorActive(userId: string, active: boolean) {
    return this.call('patch', ADMINISTRATORS, { params: { UserId: `eq.${userId}` }, body: { IsActive: active } });
  }

  listApiKeys(params: URLSearchParams) {
    return this.getPage(API_KEYS, params);
  }

  createApiKey(key: RestBodyOf<'createApiKey'>) {
    return this.call('post', API_KEYS, { body: key });
  }

  revokeApiKey(keyId: string) {
    return this.call('delete', API_KEYS, { params: { KeyId: `eq.${keyId}` } });
  }

  listOutbox(params: URLSearchParams) {
    return this.getPage(OUTBOX, params);
  }

  /** What one mail says; the service audits every reading, so it is never cached. */
  readOutboxMail(mailId: string) {
    return this.call('get', OUTBOX_CONTENT, { params: { MailId: `eq.${mailId}` } });
  }

  /** Queues a given-up mail for another day of tries. */
  retryOutboxMail(mailId: number) {
    return this.call('post', OUTBOX_RETRY, { body: { MailId: mailId } });
  }
}
