import { createApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const app = await createApp(config);
const server = app.listen(config.port, config.host, () => {
  console.log(`gateway: listening on http://${config.host}:${config.port}`);
});

const stop = () => server.close(() => process.exit(0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
// Started by `npm start`: when the launcher is gone (even killed outright), nobody looks after us.
process.once('disconnect', stop);
