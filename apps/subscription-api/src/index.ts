import { logError } from '@yozy/shared';
import { createLogger } from '@yozy/shared/requestLog';
import { startDomainRechecks } from './domain/organizationDomains';
import {
  createApp,
  createHttpServer,
  createMailer,
  createWebhookDeliverer,
  DEMO_ACCOUNTS,
  migrate,
  openDatabase,
  seedDemoData,
} from './app';
import { gracefulStop } from '@yozy/shared/server';
import { loadConfig } from './config';
import { ChangedMigrationError } from './db/migrate';
import { resealSecrets } from './security/reseal';
import { createSecretBox } from './security/secretBox';

// Node would print a crashing error with every property it carries (a query's parameters among them).
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error: unknown) => {
    logError('subscription-api: stopping after an unexpected error', error);
    process.exit(1);
  });
}

// `--migrate-only`: the migrations of this release and nothing else, then exit (a deployment's
// migration job, run before the new release's instances start: docs/DEPLOYMENT.md).
// `--reseal-secrets`: the migrations, then every secret kept in the database sealed again with
// SECRET_KEY (opened with SECRET_KEY_PREVIOUS), then exit: the last step of rotating the key.
const migrateOnly = process.argv.includes('--migrate-only');
const reseal = process.argv.includes('--reseal-secrets');
const config = loadConfig();
const db = await openDatabase(config.database);
const mailer = createMailer(db, { ...config.mail, secretKey: config.secretKey, previousSecretKey: config.previousSecretKey });
const webhooks = createWebhookDeliverer(db, {
  secretBox: createSecretBox(config.secretKey, config.previousSecretKey),
  mailer,
  allowPrivateNetwork: config.allowPrivateNetwork,
});
const applied = await migrate(db).catch((error: unknown) => {
  if (!(error instanceof ChangedMigrationError)) throw error;
  console.error(`subscription-api: ${error.message}`);
  process.exit(1);
});
if (applied.length) console.log(`subscription-api: applied migrations ${applied.join(', ')}`);
if (reseal) {
  for (const { what, count } of await resealSecrets(db, createSecretBox(config.secretKey, config.previousSecretKey)))
    console.log(`subscription-api: ${count} ${what} sealed again with SECRET_KEY`);
  await db.close();
  process.exit(0);
}
if (migrateOnly) {
  console.log(`subscription-api: the database is migrated${applied.length ? '' : ' already'}; stopping (--migrate-only)`);
  await db.close();
  process.exit(0);
}
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

// Every DNS-verified domain is read again daily: one whose record is gone stops covering its organisation.
const stopDomainRechecks = startDomainRechecks({ db, mailer, dnsServers: config.dnsServers });

// Not app.listen: that server would keep Node's lenient timeouts.
const app = createApp({
  db,
  serviceToken: config.serviceToken,
  secretKey: config.secretKey,
  previousSecretKey: config.previousSecretKey,
  previousServiceToken: config.previousServiceToken,
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
  stopDomainRechecks();
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
