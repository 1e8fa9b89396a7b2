import { accountResolvers } from './account';
import { organizationResolvers } from './organization';
import { sessionResolvers } from './session';

export const resolvers = [sessionResolvers, organizationResolvers, accountResolvers];
