import { z } from 'zod';
import type { Handler } from '#http/route';
import { route } from '#http/route';
import { refused } from '#http/answers';
import { answerSchema } from '#openapi/components';

/** The database answers a statement: the one dependency of this service (it listens only once migrated). */
const checkDatabase: Handler = async (_req, res, { db }) => {
  try {
    await db.query('SELECT 1');
    res.json({ status: 'ok', database: 'ok' });
  } catch {
    res.status(503).json({ error: { code: 'INTERNAL', message: 'Database unreachable' } });
  }
};

const healthAnswer = answerSchema('Health', z.strictObject({ status: z.literal('ok'), database: z.literal('ok') }));

const answers = {
  200: { description: 'Healthy', body: healthAnswer },
  400: refused('BAD_REQUEST: the request carried a JSON body that does not parse'),
  503: refused('INTERNAL: the database is unreachable'),
};

export const healthRoutes = [
  route(
    {
      method: 'get',
      path: '/health',
      access: 'public',
      operationId: 'getHealth',
      tag: 'Service',
      summary: 'The service and its database are reachable',
      responses: answers,
    },
    checkDatabase,
  ),
  // What a load balancer or Kubernetes asks before sending an instance anything: the same check.
  route(
    {
      method: 'get',
      path: '/readyz',
      access: 'public',
      operationId: 'getReadiness',
      tag: 'Service',
      summary: 'Ready to serve: migrated, and its database answers (the same check as /health)',
      responses: answers,
    },
    checkDatabase,
  ),
];
