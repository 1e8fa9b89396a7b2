import { createApp, DEMO_ACCOUNTS, DEMO_PASSWORD, migrate, openDatabase, seedDemoData } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const db = await openDatabase(config.database);
const applied = await migrate(db);
if (applied.length) console.log(`subscription-api: applied migrations ${applied.join(', ')}`);
if (config.seedDemoData) {
  if (await seedDemoData(db)) console.log('subscription-api: demo data created');
  console.log(`subscription-api: demo accounts (password ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(22)} ${account.typeOfUser.padEnd(10)} ${account.organization}`);
}

const server = createApp({ db, trustProxy: config.trustProxy }).listen(config.port, config.host, () => {
  console.log(`subscription-api: listening on http://${config.host}:${config.port}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    void db.close().finally(() => process.exit(0));
  });
}
