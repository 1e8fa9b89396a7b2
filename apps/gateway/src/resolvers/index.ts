import { accountResolvers } from './account';
import { auditResolvers } from './audit';
import { baseResolvers } from './base';
import { catalogueResolvers } from './catalogue';
import { enquiryResolvers } from './enquiry';
import { insightResolvers } from './insights';
import { groupResolvers } from './group';
import { licenceResolvers } from './licence';
import { licenceRenewalResolvers } from './licence/renewal';
import { enquiryDecisionResolvers } from './enquiry/decisions';
import { enquiryRecordResolvers } from './enquiry/record';
import { organizationResolvers } from './organization';
import { organizationSettingsResolvers } from './organizationSettings';
import { emailSettingsResolvers } from './emailSettings';
import { ssoResolvers } from './sso';
import { provisioningResolvers } from './provisioning';
import { platformResolvers } from './platform';
import { projectResolvers } from './projects';
import { regionResolvers } from './regions';
import { organizationChoiceResolvers } from './organizationChoices';
import { roleResolvers } from './roles';
import { administratorResolvers } from './administrators';
import { apiKeyResolvers } from './apiKeys';
import { sessionResolvers } from './session';
import { sessionListResolvers } from './sessions';
import { signInHandoffResolvers } from './signInHandoff';
import { signInActivityResolvers } from './signInActivity';
import { userResolvers } from './users';
import { twoFactorResolvers } from './twoFactor';
import { userImportResolvers } from './users/import';
import { invitationResolvers } from './users/invitation';
import { userTwoFactorResolvers } from './users/twoFactorReset';
import { webhookResolvers } from './webhooks';

export const resolvers = [
  baseResolvers,
  sessionResolvers,
  accountResolvers,
  catalogueResolvers,
  enquiryResolvers,
  organizationResolvers,
  insightResolvers,
  groupResolvers,
  projectResolvers,
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
  provisioningResolvers,
  twoFactorResolvers,
  userImportResolvers,
  signInHandoffResolvers,
  userTwoFactorResolvers,
  signInActivityResolvers,
  invitationResolvers,
  webhookResolvers,
  licenceRenewalResolvers,
  enquiryRecordResolvers,
];
