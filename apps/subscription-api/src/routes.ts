import type { Route } from './http/route';
import { auditLogRoutes } from './routes/auditLog';
import { authRoutes } from './routes/auth';
import { captchaRoutes } from './routes/captcha';
import { catalogueRoutes } from './routes/catalogue';
import { clientRoutes } from './routes/clients';
import { clientUserRoutes } from './routes/clientUsers';
import { personTwoFactorRoutes } from './routes/personTwoFactor';
import { emailSettingsRoutes } from './routes/emailSettings';
import { enquiryRoutes } from './routes/enquiries';
import { enquiryDecisionRoutes } from './routes/enquiryDecisions';
import { groupRoutes } from './routes/groups';
import { groupMemberRoutes } from './routes/groupMembers';
import { healthRoutes } from './routes/health';
import { insightRoutes } from './routes/insights';
import { invitationRoutes } from './routes/invitations';
import { licenceRoutes } from './routes/licences';
import { licenceRenewalRoutes } from './routes/licenceRenewals';
import { organizationSettingsRoutes } from './routes/organizationSettings';
import { organizationDomainRoutes } from './routes/organizationDomains';
import { provisioningRoutes } from './routes/provisioning';
import { passwordRoutes } from './routes/password';
import { personRoutes } from './routes/person';
import { allocationRoutes } from './routes/allocations';
import { projectRoutes } from './routes/projects';
import { platformAdministratorRoutes } from './routes/platform/administrators';
import { platformApiKeyRoutes } from './routes/platform/apiKeys';
import { platformOutboxRoutes } from './routes/platform/outbox';
import { platformPlanRoutes } from './routes/platform/plans';
import { platformProductRoutes } from './routes/platform/products';
import { platformRegionRoutes } from './routes/platform/regions';
import { organizationChoiceRoutes } from './routes/platform/organizationChoices';
import { platformRoleRoutes } from './routes/platform/roles';
import { sessionRoutes } from './routes/sessions';
import { signInHandoffRoutes } from './routes/signInHandoffs';
import { signInActivityRoutes } from './routes/signInActivity';
import { ssoSettingsRoutes } from './routes/ssoSettings';
import { ssoSignInRoutes } from './routes/ssoSignIn';
import { signInStepRoutes, twoFactorRoutes } from './routes/twoFactor';
import { userImportRoutes } from './routes/userImport';
import { userRoutes } from './routes/users';
import { webhookDeliveryRoutes } from './routes/webhookDeliveries';
import { webhookEndpointRoutes } from './routes/webhookEndpoints';

/** Every operation of the REST service, in the order the OpenAPI document lists them. */
export const ROUTES: readonly Route[] = [
  ...healthRoutes,
  ...userRoutes,
  ...signInStepRoutes,
  ...twoFactorRoutes,
  ...passwordRoutes,
  ...authRoutes,
  ...signInHandoffRoutes,
  ...captchaRoutes,
  ...catalogueRoutes,
  ...enquiryRoutes,
  ...enquiryDecisionRoutes,
  ...ssoSignInRoutes,
  ...clientRoutes,
  ...insightRoutes,
  ...organizationSettingsRoutes,
  ...emailSettingsRoutes,
  ...ssoSettingsRoutes,
  ...organizationDomainRoutes,
  ...provisioningRoutes,
  ...clientUserRoutes,
  ...personTwoFactorRoutes,
  ...personRoutes,
  ...signInActivityRoutes,
  ...userImportRoutes,
  ...invitationRoutes,
  ...groupRoutes,
  ...groupMemberRoutes,
  ...projectRoutes,
  ...allocationRoutes,
  ...licenceRoutes,
  ...licenceRenewalRoutes,
  ...sessionRoutes,
  ...auditLogRoutes,
  ...platformPlanRoutes,
  ...platformProductRoutes,
  ...platformRegionRoutes,
  ...organizationChoiceRoutes,
  ...platformRoleRoutes,
  ...platformAdministratorRoutes,
  ...platformApiKeyRoutes,
  ...platformOutboxRoutes,
  ...webhookEndpointRoutes,
  ...webhookDeliveryRoutes,
];
