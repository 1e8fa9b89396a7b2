import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import type { Logger } from 'pino';
import { createLogger, logRequests, type RequestRecord } from '@yozy/shared/requestLog';
import helmet from 'helmet';
import type { Database } from './db/database';
import { errorHandler, notFound } from './http/errors';
import { refuseNulCharacters, refuseOtherBodies } from './http/input';
import { carriesServiceToken, GATEWAY_ONLY_PATHS, recogniseGateway, requireGateway } from './http/gateway';
import type { Viewer } from './http/auth';
import { createMailer, DEFAULT_MAIL_CONFIG, type Mailer } from './mail/mailer';
import { serveRoutes } from './http/route';
import { openApiDocument } from './openapi';
import { ROUTES } from './routes';
import { USER_IMPORT_PATHS } from './routes/userImport';
import { createSecretBox } from './security/secretBox';
import { serviceMetrics } from './metrics';
import { metricsEndpoint } from '@yozy/shared/metrics';
import { scimRouter, SCIM_PATH } from './scim/router';

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
  /** While SECRET_KEY is rotated, the key before: it still opens what it sealed. */
  previousSecretKey?: string;
  /** While SERVICE_TOKEN is rotated, the gateway's credential before: it is still accepted. */
  previousServiceToken?: string;
  /** Lets single sign-on issuers be http: an identity provider on this machine (tests, local trials). */
  allowHttpIssuers?: boolean;
  /** Lets organisations' mail servers and identity providers be on a private network or this machine (trials, tests). */
  allowPrivateNetwork?: boolean;
  /** The DNS servers that domain verification asks (DNS_SERVERS); the system's resolver when empty. */
  dnsServers?: string[];
  /** Where each request's log line goes (index.ts: LOG_LEVEL to standard output); none by default. */
  logger?: Logger;
  /** Who may read GET /metrics (METRICS_ALLOW): loopback by default. */
  metricsAllow?: string;
};

/** The REST subscription service as an Express app; `index.ts` only listens. */
export function createApp({
  db,
  serviceToken,
  trustProxy = 'loopback',
  mailer,
  webProductUrl,
  secretKey,
  previousSecretKey,
  previousServiceToken,
  allowHttpIssuers = false,
  allowPrivateNetwork = false,
  dnsServers = [],
  logger = createLogger('subscription-api', 'silent'),
  metricsAllow = 'loopback',
}: ApiOptions): express.Express {
  const secretBox = createSecretBox(secretKey, previousSecretKey);
  mailer ??= createMailer(db, { ...DEFAULT_MAIL_CONFIG, secretKey, previousSecretKey, allowPrivateNetwork });
  const app = express();
  app.disable('x-powered-by');
  // No ETag worked out for every answer: the gateway never asks again conditionally.
  app.set('etag', false);
  app.set('trust proxy', trustProxy);
  const metrics = serviceMetrics(db);
  // Before everything else: the operator's scrapes are neither logged nor counted as requests.
  app.use(metricsEndpoint(metrics, metricsAllow));
  // The gateway's request id is this request's too, so one id follows a click through both services.
  app.use(
    logRequests(logger, {
      trustsSentId: carriesServiceToken(serviceToken, previousServiceToken),
      atEnd: describeRequest,
      observe: metrics.observeRequest,
    }),
  );
  app.use(helmet());
  // SCIM speaks its own media type and error messages; only the gateway, which counts each token's requests, reaches it.
  app.use(SCIM_PATH, requireGateway(serviceToken), scimRouter({ db, mailer, dnsServers }));
  app.use(refuseOtherBodies);
  app.use(USER_IMPORT_PATHS, express.json({ limit: '1mb' }));
  app.use(express.json({ limit: '100kb' }));
  app.use(refuseNulCharacters);

  app.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument);
  });

  app.use(GATEWAY_ONLY_PATHS, requireGateway(serviceToken, previousServiceToken));
  app.use(recogniseGateway(serviceToken, previousServiceToken));
  serveRoutes(app, ROUTES, { db, mailer, secretBox, webProductUrl, allowHttpIssuers, allowPrivateNetwork, dnsServers });

  app.use(notFound);
  app.use(errorHandler);
  return app;
}

/** The route a request took (never its path, which may hold an email) and who made it. */
function describeRequest(req: IncomingMessage, res: ServerResponse, record: RequestRecord): void {
  const { method, baseUrl, route } = req as express.Request;
  record.operation = `${method} ${route ? `${baseUrl}${String(route.path)}` : '(no route)'}`;
  const viewer = (res as express.Response).locals.viewer as Viewer | undefined;
  const provisioner = (res as express.Response).locals.provisioner as { clientId: number } | undefined;
  record.caller = viewer ? (viewer.apiKey ? 'key' : 'person') : provisioner ? 'provisioning' : 'anonymous';
  record.organizationId = viewer?.clientId ?? provisioner?.clientId ?? null;
}

export { openDatabase } from './db/database';
export type { Database } from './db/database';
export { migrate } from './db/migrate';
export { createMailer, type Mailer, type MailConfig } from './mail/mailer';
export { createWebhookDeliverer, type WebhookDeliverer, type WebhookDelivererConfig } from './webhooks/deliverer';
export { DEFAULT_WEBHOOK_QUEUE, type WebhookQueueOptions } from './webhooks/queue';
export { emit as emitWebhookEvent, type WebhookEvent, type WebhookEventData } from './webhooks/events';
export { issueToken, type TokenPurpose } from './domain/userTokens';
export { issueHandoff } from './domain/signInHandoffs';
export {
  allows,
  PERSON_MOVES,
  PERSON_STATES,
  stateAfter,
  stateOf,
  type PersonFacts,
  type PersonMove,
  type PersonState,
} from './domain/personLifecycle';
export { createSecretBox, SECRET_KEY_MIN_LENGTH, type SecretBox } from './security/secretBox';
export { seedDemoData, DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo';
export { PROVIDER_DEMO_ORGANIZATIONS } from './seed/provider';
export { createHttpServer, SERVER_TIMEOUTS, type ServerTimeouts } from '@yozy/shared/server';
