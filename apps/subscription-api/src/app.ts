import express from 'express';
import helmet from 'helmet';
import type { Database } from './db/database';
import { authenticate } from './http/auth';
import { errorHandler, notFound } from './http/errors';
import { openApiDocument } from './openapi';
import { clientRoutes } from './routes/clients';
import { userRoutes } from './routes/users';

export type ApiOptions = { db: Database; trustProxy?: string };

/** The REST subscription service as an Express app; `index.ts` only listens. */
export function createApp({ db, trustProxy = 'loopback' }: ApiOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  app.use(helmet());
  app.use(express.json({ limit: '100kb' }));

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

  app.use(userRoutes(db));
  app.use(authenticate(db));
  app.use(clientRoutes(db));

  app.use(notFound);
  app.use(errorHandler);
  return app;
}

export { openDatabase } from './db/database';
export type { Database } from './db/database';
export { migrate } from './db/migrate';
export { seedDemoData, DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo';
