import { logError } from '@yozy/shared';
import { createLogger } from '@yozy/shared/requestLog';
import { gracefulStop } from '@yozy/shared/server';
import { createApp, createHttpServer } from './app';
import { loadConfig } from './config';

// Node would print a crashing error with every property it carries (a query's parameters among them).
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error: unknown) => {
    logError('gateway: stopping after an unexpected error', error);
    process.exit(1);
  });
}

const config = loadConfig();
const app = await createApp({ ...config, logger: createLogger('gateway', config.logLevel) });
// Not app.listen: that server would keep Node's lenient timeouts.
const server = createHttpServer();
const graceful = gracefulStop(server);
server.on('request', (req, res) => graceful.refuseWhileStopping(req, res, () => app(req, res)));
server.listen(config.port, config.host, () => {
  console.log(`gateway: listening on http://${config.host}:${config.port}`);
});

// Requests in flight finish (at most STOP_GRACE_MS); those arriving meanwhile are refused with 503 and Retry-After.
const stop = () => void graceful.stop().finally(() => process.exit(0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
// Started by `npm start`: when the launcher is gone (even killed outright), nobody looks after us.
process.once('disconnect', stop);
