import { HeaderMap, type ApolloServer, type BaseContext } from '@apollo/server';
import type { Request, RequestHandler, Response } from 'express';

type ContextOf<Context> = (args: { req: Request; res: Response }) => Promise<Context>;

/**
 * Apollo Server behind Express (after `express.json()`), as Apollo's Express integration serves it,
 * less what that did on every request for nothing: it parsed the whole address again with Node's
 * legacy `url.parse` to find the query string, and answered through Express's `res.send`, which
 * works out an ETag (a SHA-1 of the answer) for answers that are `no-store` and never asked for again.
 */
export function graphqlHandler<Context extends BaseContext>(server: ApolloServer<Context>, context: ContextOf<Context>): RequestHandler {
  server.assertStarted('graphqlHandler()');
  return async (req, res) => {
    const headers = new HeaderMap();
    for (const name in req.headers) {
      const value = req.headers[name];
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const query = req.url.indexOf('?');
    const answer = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: {
        method: req.method.toUpperCase(),
        headers,
        search: query === -1 ? '' : req.url.slice(query),
        body: req.body as unknown,
      },
      context: () => context({ req, res }),
    });
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.statusCode = answer.status ?? 200;
    if (answer.body.kind === 'complete') {
      res.setHeader('content-length', Buffer.byteLength(answer.body.string));
      res.end(answer.body.string);
      return;
    }
    // Incremental delivery (@defer), which the console does not ask for: each part as it comes.
    for await (const part of answer.body.asyncIterator) res.write(part);
    res.end();
  };
}
