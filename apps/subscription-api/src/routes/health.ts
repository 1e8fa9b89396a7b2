import { route } from '../http/route';
import { refused } from '../http/answers';
import { healthAnswer } from '../openapi/answers';

export const healthRoutes = [
  route(
    {
      method: 'get',
      path: '/health',
      access: 'public',
      operationId: 'getHealth',
      tag: 'Service',
      summary: 'The service and its database are reachable',
      responses: {
        200: { description: 'Healthy', body: healthAnswer },
        400: refused('BAD_REQUEST: the request carried a JSON body that does not parse'),
        503: refused('INTERNAL: the database is unreachable'),
      },
    },
    async (_req, res, { db }) => {
      try {
        await db.query('SELECT 1');
        res.json({ status: 'ok', database: 'ok' });
      } catch {
        res.status(503).json({ error: { code: 'INTERNAL', message: 'Database unreachable' } });
      }
    },
  ),
];
