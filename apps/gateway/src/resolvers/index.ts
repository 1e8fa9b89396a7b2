import { accountResolvers } from './account';
import { baseResolvers } from './base';
import { catalogueResolvers } from './catalogue';
import { enquiryResolvers } from './enquiry';
import { organizationResolvers } from './organization';
import { sessionResolvers } from './session';
import { userResolvers } from './users';

export const resolvers = [
  baseResolvers,
  sessionResolvers,
  accountResolvers,
  catalogueResolvers,
  enquiryResolvers,
  organizationResolvers,
  userResolvers,
];
