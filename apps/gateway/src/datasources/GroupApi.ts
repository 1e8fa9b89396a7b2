import { SubscriptionService } from './SubscriptionService';
import type { AsGiven, RestBodyOf } from './types';

const GROUPS = '/agilesaas_itsmassignmentgroup_master';
const MEMBERS = '/subscription_user_group_mapping';

/** An organisation's assignment groups and their members. */
export class GroupApi extends SubscriptionService {
  listGroups(params: URLSearchParams) {
    return this.getPage(GROUPS, params);
  }

  listGroupMembers(params: URLSearchParams) {
    return this.getPage(MEMBERS, params);
  }

  listGroupCandidates(params: URLSearchParams) {
    return this.getPage(`${MEMBERS}/candidates`, params);
  }

  createGroup(body: AsGiven<RestBodyOf<'createGroup'>, 'ClientId'>) {
    return this.call('post', GROUPS, { body });
  }

  updateGroup(body: RestBodyOf<'updateGroup'>) {
    return this.call('post', `${GROUPS}/update`, { body });
  }

  deleteGroup(body: RestBodyOf<'deleteGroup'>) {
    return this.call('post', `${GROUPS}/delete`, { body });
  }

  addGroupMembers(body: RestBodyOf<'addGroupMembers'>) {
    return this.call('post', MEMBERS, { body });
  }

  removeGroupMembers(body: RestBodyOf<'removeGroupMembers'>) {
    return this.call('post', `${MEMBERS}/remove`, { body });
  }
}
