import { logError } from '@yozy/shared';
import { createLogger } from '@yozy/shared/requestLog';
import {
  createApp,
  createHttpServer,
  createMailer,
  createSecretBox,
  createWebhookDeliverer,
  DEMO_ACCOUNTS,
  migrate,
  openDatabase,
  seedDemoData,
} from './app';
import { gracefulStop } from '@yozy/shared/server';
import { loadConfig } from './config';
import { ChangedMigrationError } from './db/migrate';

// Node would print a crashing error with every property it carries (a query's parameters among them).
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error: unknown) => {
    logError('subscription-api: stopping after an unexpected error', error);
    process.exit(1);
  });
}

const config = loadConfig();
const db = await openDatabase(config.database);
const mailer = createMailer(db, { ...config.mail, secretKey: config.secretKey });
const webhooks = createWebhookDeliverer(db, {
  secretBox: createSecretBox(config.secretKey),
  mailer,
  allowPrivateNetwork: config.allowPrivateNetwork,
});
const applied = await migrate(db).catch((error: unknown) => {
  if (!(error instanceof ChangedMigrationError)) throw error;
  console.error(`subscription-api: ${error.message}`);
  process.exit(1);
});
if (applied.length) console.log(`subscription-api: applied migrations ${applied.join(', ')}`);
// Mail no server took yet, this service's or another's on the same database, is sent from here on.
mailer.start();
// Webhook deliveries, this service's or another's, go out from here on, each endpoint's in order.
webhooks.start();
if (config.seedDemoData) {
  if (await seedDemoData(db, mailer, { productUrl: config.demoProductUrl })) console.log('subscription-api: demo data created');
  console.log('subscription-api: demo accounts (their password is in the README):');
  for (const account of DEMO_ACCOUNTS)
    console.log(`  ${account.email.padEnd(22)} ${account.typeOfUser.padEnd(10)} ${account.organization}`);
}
console.log(
  config.mail.smtpUrl
    ? 'subscription-api: mail goes out over SMTP (SMTP_URL)'
    : 'subscription-api: no SMTP_URL set; mail stays in the mail_outbox table and its links are printed here',
);

// Not app.listen: that server would keep Node's lenient timeouts.
const app = createApp({
  db,
  serviceToken: config.serviceToken,
  secretKey: config.secretKey,
  trustProxy: config.trustProxy,
  mailer,
  webProductUrl: config.webProductUrl,
  allowHttpIssuers: config.allowHttpIssuers,
  allowPrivateNetwork: config.allowPrivateNetwork,
  dnsServers: config.dnsServers,
  logger: createLogger('subscription-api', config.logLevel),
  metricsAllow: config.metricsAllow,
});
const server = createHttpServer();
const graceful = gracefulStop(server);
server.on('request', (req, res) => graceful.refuseWhileStopping(req, res, () => app(req, res)));
server.listen(config.port, config.host, () => {
  console.log(`subscription-api: listening on http://${config.host}:${config.port}`);
});

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  // The mail queue takes no more mail; requests in flight finish (at most STOP_GRACE_MS), those
  // arriving meanwhile are refused with 503 and Retry-After; deliveries under way finish (their
  // outcome is recorded) before the database closes.
  mailer.stop();
  webhooks.stop();
  void graceful
    .stop()
    .then(() => Promise.all([mailer.idle(), webhooks.idle()]))
    .then(() => mailer.close())
    .then(() => db.close())
    .finally(() => process.exit(0));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
// Started by `npm start`: when the launcher is gone (even killed outright), nobody looks after us.
process.once('disconnect', stop);
