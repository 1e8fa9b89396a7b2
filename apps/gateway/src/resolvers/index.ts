import { accountResolvers } from './account';
import { baseResolvers } from './base';
import { catalogueResolvers } from './catalogue';
import { enquiryResolvers } from './enquiry';
import { enquiryDecisionResolvers } from './enquiry/decisions';
import { organizationResolvers } from './organization';
import { sessionResolvers } from './session';

export const resolvers = [
  baseResolvers,
  sessionResolvers,
  accountResolvers,
  catalogueResolvers,
  enquiryResolvers,
  organizationResolvers,
  enquiryDecisionResolvers,
];
