import { accountResolvers } from './account';
import { auditResolvers } from './audit';
import { baseResolvers } from './base';
import { catalogueResolvers } from './catalogue';
import { enquiryResolvers } from './enquiry';
import { insightResolvers } from './insights';
import { groupResolvers } from './group';
import { licenceResolvers } from './licence';
import { enquiryDecisionResolvers } from './enquiry/decisions';
import { organizationResolvers } from './organization';
import { organizationSettingsResolvers } from './organizationSettings';
import { emailSettingsResolvers } from './emailSettings';
import { ssoResolvers } from './sso';
import { platformResolvers } from './platform';
import { regionResolvers } from './regions';
import { organizationChoiceResolvers } from './organizationChoices';
import { roleResolvers } from './roles';
import { administratorResolvers } from './administrators';
import { apiKeyResolvers } from './apiKeys';
import { sessionResolvers } from './session';
import { sessionListResolvers } from './sessions';
import { userResolvers } from './users';
import { twoFactorResolvers } from './twoFactor';
import { userImportResolvers } from './users/import';

export const resolvers = [
  baseResolvers,
  sessionResolvers,
  accountResolvers,
  catalogueResolvers,
  enquiryResolvers,
  organizationResolvers,
  insightResolvers,
  groupResolvers,
  licenceResolvers,
  sessionListResolvers,
  platformResolvers,
  enquiryDecisionResolvers,
  userResolvers,
  auditResolvers,
  regionResolvers,
  organizationChoiceResolvers,
  roleResolvers,
  administratorResolvers,
  apiKeyResolvers,
  organizationSettingsResolvers,
  emailSettingsResolvers,
  ssoResolvers,
  twoFactorResolvers,
  userImportResolvers,
];
