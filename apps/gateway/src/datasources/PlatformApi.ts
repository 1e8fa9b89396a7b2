import type { OrganizationChoiceList } from '@yozy/shared';
import { SubscriptionService } from './SubscriptionService';
import type { AsGiven, RestBodyOf } from './types';

const onePlan = (planId: string) => ({ PlanId: `eq.${planId}` });
const oneRegion = (regionId: string) => ({ RegionId: `eq.${regionId}` });
const oneChoice = (choiceId: string) => ({ ChoiceId: `eq.${choiceId}` });
const oneRole = (roleId: string) => ({ RoleId: `eq.${roleId}` });

/** The provider's masters in Platform Settings; the REST service lets only SuperAdmins in. */
export class PlatformApi extends SubscriptionService {
  listPlans(params: URLSearchParams) {
    return this.page('listManagedPlans', params);
  }

  createPlan(plan: AsGiven<RestBodyOf<'createPlan'>, 'Frequency' | 'PlanGroup'>) {
    return this.op('createPlan', { body: plan });
  }

  updatePlan(planId: string, changes: AsGiven<RestBodyOf<'updatePlan'>, 'Frequency' | 'PlanGroup'>) {
    return this.op('updatePlan', { params: onePlan(planId), body: changes });
  }

  async deletePlan(planId: string): Promise<void> {
    await this.op('deletePlan', { params: onePlan(planId) });
  }

  listProducts(params: URLSearchParams) {
    return this.page('listManagedProducts', params);
  }

  createProduct(product: RestBodyOf<'createProduct'>) {
    return this.op('createProduct', { body: product });
  }

  updateProduct(productId: string, product: RestBodyOf<'updateProduct'>) {
    return this.op('updateProduct', { params: { ProductId: `eq.${productId}` }, body: product });
  }

  listRegions(params: URLSearchParams) {
    return this.page('listRegions', params);
  }

  createRegion(region: RestBodyOf<'createRegion'>) {
    return this.op('createRegion', { body: region });
  }

  updateRegion(regionId: string, changes: RestBodyOf<'updateRegion'>) {
    return this.op('updateRegion', { params: oneRegion(regionId), body: changes });
  }

  async deleteRegion(regionId: string): Promise<void> {
    await this.op('deleteRegion', { params: oneRegion(regionId) });
  }

  /** A page of one list's entries (`ChoiceList` names the list). */
  listOrganizationChoices(list: OrganizationChoiceList, params: URLSearchParams) {
    params.set('ChoiceList', `eq.${list}`);
    return this.page('listOrganizationChoices', params);
  }

  createOrganizationChoice(choice: RestBodyOf<'createOrganizationChoice'>) {
    return this.op('createOrganizationChoice', { body: choice });
  }

  updateOrganizationChoice(choiceId: string, changes: RestBodyOf<'updateOrganizationChoice'>) {
    return this.op('updateOrganizationChoice', { params: oneChoice(choiceId), body: changes });
  }

  async deleteOrganizationChoice(choiceId: string): Promise<void> {
    await this.op('deleteOrganizationChoice', { params: oneChoice(choiceId) });
  }

  listRoles(params: URLSearchParams) {
    return this.page('listRoles', params);
  }

  createRole(role: RestBodyOf<'createRole'>) {
    return this.op('createRole', { body: role });
  }

  updateRole(roleId: string, changes: RestBodyOf<'updateRole'>) {
    return this.op('updateRole', { params: oneRole(roleId), body: changes });
  }

  async deleteRole(roleId: string): Promise<void> {
    await this.op('deleteRole', { params: oneRole(roleId) });
  }

  listAdministrators(params: URLSearchParams) {
    return this.page('listAdministrators', params);
  }

  inviteAdministrator(administrator: RestBodyOf<'inviteAdministrator'>) {
    return this.op('inviteAdministrator', { body: administrator });
  }

  setAdministratorActive(userId: string, active: boolean) {
    return this.op('updateAdministrator', { params: { UserId: `eq.${userId}` }, body: { IsActive: active } });
  }

  listApiKeys(params: URLSearchParams) {
    return this.page('listApiKeys', params);
  }

  createApiKey(key: RestBodyOf<'createApiKey'>) {
    return this.op('createApiKey', { body: key });
  }

  revokeApiKey(keyId: string) {
    return this.op('revokeApiKey', { params: { KeyId: `eq.${keyId}` } });
  }

  listOutbox(params: URLSearchParams) {
    return this.page('listOutbox', params);
  }

  /** What one mail says; the service audits every reading, so it is never cached. */
  readOutboxMail(mailId: string) {
    return this.op('readOutboxMail', { params: { MailId: `eq.${mailId}` } });
  }

  /** Queues a given-up mail for another day of tries. */
  retryOutboxMail(mailId: number) {
    return this.op('retryOutboxMail', { body: { MailId: mailId } });
  }
}
