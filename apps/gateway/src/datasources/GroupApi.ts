import { SubscriptionService } from './SubscriptionService';
import type { RestPage } from '../lists';
import type { GroupCandidateRecord, GroupDeleted, GroupMemberRecord, GroupRecord, RestBody } from './types';

/** An organisation's assignment groups and their members. */
export class GroupApi extends SubscriptionService {
  listGroups(params: URLSearchParams): Promise<RestPage<GroupRecord>> {
    return this.getPage('agilesaas_itsmassignmentgroup_master', params);
  }

  listGroupMembers(params: URLSearchParams): Promise<RestPage<GroupMemberRecord>> {
    return this.getPage('subscription_user_group_mapping', params);
  }

  listGroupCandidates(params: URLSearchParams): Promise<RestPage<GroupCandidateRecord>> {
    return this.getPage('subscription_user_group_mapping/candidates', params);
  }

  createGroup(body: RestBody): Promise<GroupRecord> {
    return this.post('agilesaas_itsmassignmentgroup_master', { body });
  }

  updateGroup(body: RestBody): Promise<GroupRecord> {
    return this.post('agilesaas_itsmassignmentgroup_master/update', { body });
  }

  deleteGroup(body: RestBody): Promise<GroupDeleted> {
    return this.post('agilesaas_itsmassignmentgroup_master/delete', { body });
  }

  addGroupMembers(body: RestBody): Promise<GroupRecord> {
    return this.post('subscription_user_group_mapping', { body });
  }

  removeGroupMembers(body: RestBody): Promise<GroupRecord> {
    return this.post('subscription_user_group_mapping/remove', { body });
  }
}
