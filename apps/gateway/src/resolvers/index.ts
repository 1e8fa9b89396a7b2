import { accountResolvers } from './account';
import { baseResolvers } from './base';
import { catalogueResolvers } from './catalogue';
import { enquiryResolvers } from './enquiry';
import { organizationResolvers } from './organization';
import { platformResolvers } from './platform';
import { sessionResolvers } from './session';

export const resolvers = [
  baseResolvers,
  sessionResolvers,
  accountResolvers,
  catalogueResolvers,
  enquiryResolvers,
  organizationResolvers,
  platformResolvers,
];
