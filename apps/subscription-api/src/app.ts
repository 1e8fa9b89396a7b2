import express from 'express';
import helmet from 'helmet';
import type { Database } from './db/database';
import { authenticate } from './http/auth';
import { errorHandler, notFound } from './http/errors';
import { refuseNulCharacters, refuseOtherBodies } from './http/input';
import { GATEWAY_ONLY_PATHS, recogniseGateway, requireGateway } from './http/gateway';
import { createMailer, DEFAULT_MAIL_CONFIG, type Mailer } from './mail/mailer';
import { openApiDocument } from './openapi';
import { auditLogRoutes } from './routes/auditLog';
import { authRoutes } from './routes/auth';
import { captchaRoutes } from './routes/captcha';
import { catalogueRoutes } from './routes/catalogue';
import { clientRoutes } from './routes/clients';
import { clientUserRoutes } from './routes/clientUsers';
import { invitationRoutes } from './routes/invitations';
import { USER_IMPORT_PATHS, userImportRoutes } from './routes/userImport';
import { enquiryRoutes } from './routes/enquiries';
import { insightRoutes } from './routes/insights';
import { groupRoutes } from './routes/groups';
import { licenceRoutes } from './routes/licences';
import { organizationSettingsRoutes } from './routes/organizationSettings';
import { emailSettingsRoutes } from './routes/emailSettings';
import { ssoSettingsRoutes, ssoSignInRoutes } from './routes/sso';
import { passwordRoutes } from './routes/password';
import { sessionRoutes } from './routes/sessions';
import { platformAdministratorRoutes } from './routes/platform/administrators';
import { platformApiKeyRoutes } from './routes/platform/apiKeys';
import { platformOutboxRoutes } from './routes/platform/outbox';
import { platformPlanRoutes } from './routes/platform/plans';
import { platformProductRoutes } from './routes/platform/products';
import { platformRegionRoutes } from './routes/platform/regions';
import { platformRoleRoutes } from './routes/platform/roles';
import { enquiryDecisionRoutes } from './routes/enquiryDecisions';
import { userRoutes } from './routes/users';
import { signInStepRoutes, twoFactorRoutes } from './routes/twoFactor';
import { createSecretBox } from './security/secretBox';

export type ApiOptions = {
  db: Database;
  /** The credential the gateway proves itself with (SERVICE_TOKEN). */
  serviceToken: string;
  trustProxy?: string;
  /** Defaults to the outbox-only mailer with links printed to the log (no SMTP_URL). */
  mailer?: Mailer;
  /** The standard web product's address when the product master cannot be read. */
  webProductUrl?: string;
  /** Seals secrets kept at rest, such as two-factor secrets (SECRET_KEY, 32+ characters). */
  secretKey: string;
  /** Lets single sign-on issuers be http: an identity provider on this machine (tests, local trials). */
  allowHttpIssuers?: boolean;
  /** Lets organisations' mail servers and identity providers be on a private network or this machine (trials, tests). */
  allowPrivateNetwork?: boolean;
  /** The DNS servers that domain verification asks (DNS_SERVERS); the system's resolver when empty. */
  dnsServers?: string[];
};

/** The REST subscription service as an Express app; `index.ts` only listens. */
export function createApp({
  db,
  serviceToken,
  trustProxy = 'loopback',
  mailer,
  webProductUrl,
  secretKey,
  allowHttpIssuers = false,
  allowPrivateNetwork = false,
  dnsServers = [],
}: ApiOptions): express.Express {
  const secretBox = createSecretBox(secretKey);
  mailer ??= createMailer(db, { ...DEFAULT_MAIL_CONFIG, secretKey, allowPrivateNetwork });
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  app.use(helmet());
  app.use(refuseOtherBodies);
  app.use(USER_IMPORT_PATHS, express.json({ limit: '1mb' }));
  app.use(express.json({ limit: '100kb' }));
  app.use(refuseNulCharacters);

  app.get('/health', async (_req, res) => {
    try {
      await db.query('SELECT 1');
      res.json({ status: 'ok', database: 'ok' });
    } catch {
      res.status(503).json({ error: { code: 'INTERNAL', message: 'Database unreachable' } });
    }
  });
  app.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument);
  });

  app.use(GATEWAY_ONLY_PATHS, requireGateway(serviceToken));
  app.use(recogniseGateway(serviceToken));
  // Public routes first; everything after authenticate() needs a session.
  app.use(userRoutes(db, { webProductUrl }));
  app.use(signInStepRoutes(db, secretBox));
  app.use(authRoutes(db, { mailer, webProductUrl }));
  app.use(captchaRoutes(db));
  app.use(catalogueRoutes(db));
  app.use(enquiryRoutes(db, { mailer }));
  app.use(ssoSignInRoutes(db, { secretBox, allowHttpIssuers, allowPrivateNetwork }));
  app.use(authenticate(db));
  app.use(clientRoutes(db));
  app.use(insightRoutes(db));
  app.use(groupRoutes(db));
  app.use(licenceRoutes(db));
  app.use(sessionRoutes(db));
  app.use(passwordRoutes(db, { mailer }));
  app.use(platformPlanRoutes(db));
  app.use(platformProductRoutes(db));
  app.use(platformRegionRoutes(db));
  app.use(platformRoleRoutes(db));
  app.use(platformAdministratorRoutes(db, { mailer }));
  app.use(platformApiKeyRoutes(db));
  app.use(platformOutboxRoutes(db));
  app.use(enquiryDecisionRoutes(db, { mailer }));
  app.use(clientUserRoutes(db, { mailer }));
  app.use(invitationRoutes(db, { mailer }));
  app.use(auditLogRoutes(db));
  app.use(organizationSettingsRoutes(db));
  app.use(emailSettingsRoutes(db, { mailer, secretBox, outbound: { allowPrivateNetwork } }));
  app.use(ssoSettingsRoutes(db, { secretBox, allowHttpIssuers, allowPrivateNetwork, dnsServers }));
  app.use(twoFactorRoutes(db, secretBox));
  app.use(userImportRoutes(db, { mailer }));

  app.use(notFound);
  app.use(errorHandler);
  return app;
}

export { openDatabase } from './db/database';
export type { Database } from './db/database';
export { migrate } from './db/migrate';
export { createMailer, type Mailer, type MailConfig } from './mail/mailer';
export { issueToken, type TokenPurpose } from './domain/userTokens';
export { createSecretBox, SECRET_KEY_MIN_LENGTH, type SecretBox } from './security/secretBox';
export { seedDemoData, DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo';
export { PROVIDER_DEMO_ORGANIZATIONS } from './seed/provider';
export { createHttpServer, SERVER_TIMEOUTS, type ServerTimeouts } from '@yozy/shared/server';
