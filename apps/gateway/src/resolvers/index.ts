import { accountResolvers } from './account';
import { catalogueResolvers } from './catalogue';
import { enquiryResolvers } from './enquiry';
import { organizationResolvers } from './organization';
import { sessionResolvers } from './session';

export const resolvers = [sessionResolvers, accountResolvers, catalogueResolvers, enquiryResolvers, organizationResolvers];
