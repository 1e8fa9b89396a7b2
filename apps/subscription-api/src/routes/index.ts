import type { Route } from '../http/route';
import { auditLogRoutes } from './auditLog';
import { authRoutes } from './auth';
import { captchaRoutes } from './captcha';
import { catalogueRoutes } from './catalogue';
import { clientRoutes } from './clients';
import { clientUserRoutes } from './clientUsers';
import { emailSettingsRoutes } from './emailSettings';
import { enquiryRoutes } from './enquiries';
import { enquiryDecisionRoutes } from './enquiryDecisions';
import { groupRoutes } from './groups';
import { healthRoutes } from './health';
import { insightRoutes } from './insights';
import { invitationRoutes } from './invitations';
import { licenceRoutes } from './licences';
import { organizationSettingsRoutes } from './organizationSettings';
import { passwordRoutes } from './password';
import { platformAdministratorRoutes } from './platform/administrators';
import { platformApiKeyRoutes } from './platform/apiKeys';
import { platformOutboxRoutes } from './platform/outbox';
import { platformPlanRoutes } from './platform/plans';
import { platformProductRoutes } from './platform/products';
import { platformRegionRoutes } from './platform/regions';
import { platformRoleRoutes } from './platform/roles';
import { sessionRoutes } from './sessions';
import { ssoSettingsRoutes, ssoSignInRoutes } from './sso';
import { signInStepRoutes, twoFactorRoutes } from './twoFactor';
import { userImportRoutes } from './userImport';
import { userRoutes } from './users';

/** Every operation of the REST service, in the order the OpenAPI document lists them. */
export const ROUTES: readonly Route[] = [
  ...healthRoutes,
  ...userRoutes,
  ...signInStepRoutes,
  ...twoFactorRoutes,
  ...passwordRoutes,
  ...authRoutes,
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
  ...clientUserRoutes,
  ...userImportRoutes,
  ...invitationRoutes,
  ...groupRoutes,
  ...licenceRoutes,
  ...sessionRoutes,
  ...auditLogRoutes,
  ...platformPlanRoutes,
  ...platformProductRoutes,
  ...platformRegionRoutes,
  ...platformRoleRoutes,
  ...platformAdministratorRoutes,
  ...platformApiKeyRoutes,
  ...platformOutboxRoutes,
];
