import { SubscriptionService } from './SubscriptionService';
import type { AsGiven, RestBodyOf } from './types';

/** An organisation's assignment groups and their members. */
export class GroupApi extends SubscriptionService {
  listGroups(params: URLSearchParams) {
    return this.page('listGroups', params);
  }

  listGroupMembers(params: URLSearchParams) {
    return this.page('listGroupMembers', params);
  }

  listGroupCandidates(params: URLSearchParams) {
    return this.page('listGroupCandidates', params);
  }

  createGroup(body: AsGiven<RestBodyOf<'createGroup'>, 'ClientId'>) {
    return this.op('createGroup', { body });
  }

  updateGroup(body: RestBodyOf<'updateGroup'>) {
    return this.op('updateGroup', { body });
  }

  deleteGroup(body: RestBodyOf<'deleteGroup'>) {
    return this.op('deleteGroup', { body });
  }

  addGroupMembers(body: RestBodyOf<'addGroupMembers'>) {
    return this.op('addGroupMembers', { body });
  }

  removeGroupMembers(body: RestBodyOf<'removeGroupMembers'>) {
    return this.op('removeGroupMembers', { body });
  }
}
