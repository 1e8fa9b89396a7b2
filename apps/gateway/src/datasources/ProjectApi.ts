import { SubscriptionService } from './SubscriptionService';
import type { AsGiven, RestBodyOf } from './types';

/** An organisation's projects and the people allocated to them. */
export class ProjectApi extends SubscriptionService {
  listProjects(params: URLSearchParams) {
    return this.page('listProjects', params);
  }

  listAllocations(params: URLSearchParams) {
    return this.page('listAllocations', params);
  }

  listAllocationCandidates(params: URLSearchParams) {
    return this.page('listAllocationCandidates', params);
  }

  createProject(body: AsGiven<RestBodyOf<'createProject'>, 'ClientId'>) {
    return this.op('createProject', { body });
  }

  renameProject(body: RestBodyOf<'renameProject'>) {
    return this.op('renameProject', { body });
  }

  closeProject(body: RestBodyOf<'closeProject'>) {
    return this.op('closeProject', { body });
  }

  createAllocation(body: RestBodyOf<'createAllocation'>) {
    return this.op('createAllocation', { body });
  }

  updateAllocation(body: RestBodyOf<'updateAllocation'>) {
    return this.op('updateAllocation', { body });
  }

  endAllocation(body: RestBodyOf<'endAllocation'>) {
    return this.op('endAllocation', { body });
  }
}
