import { SubscriptionService } from './SubscriptionService';
import type { AsGiven, RestBodyOf } from './types';

const PROJECTS = '/agilesaas_project_master';
const ALLOCATIONS = '/agilesaas_project_mapping';

/** An organisation's projects and the people allocated to them. */
export class ProjectApi extends SubscriptionService {
  listProjects(params: URLSearchParams) {
    return this.getPage(PROJECTS, params);
  }

  listAllocations(params: URLSearchParams) {
    return this.getPage(ALLOCATIONS, params);
  }

  listAllocationCandidates(params: URLSearchParams) {
    return this.getPage(`${ALLOCATIONS}/candidates`, params);
  }

  createProject(body: AsGiven<RestBodyOf<'createProject'>, 'ClientId'>) {
    return this.call('post', PROJECTS, { body });
  }

  renameProject(body: RestBodyOf<'renameProject'>) {
    return this.call('post', `${PROJECTS}/update`, { body });
  }

  closeProject(body: RestBodyOf<'closeProject'>) {
    return this.call('post', `${PROJECTS}/close`, { body });
  }

  createAllocation(body: RestBodyOf<'createAllocation'>) {
    return this.call('post', ALLOCATIONS, { body });
  }

  updateAllocation(body: RestBodyOf<'updateAllocation'>) {
    return this.call('post', `${ALLOCATIONS}/update`, { body });
  }

  endAllocation(body: RestBodyOf<'endAllocation'>) {
    return this.call('post', `${ALLOCATIONS}/end`, { body });
  }
}
