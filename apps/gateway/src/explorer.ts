import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { type DocumentNode, GraphQLError, Kind, visit } from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import type { GatewayContext } from './context';

/**
 * The GraphQL explorer for internal tools and the people who write them: GraphiQL, built in
 * apps/explorer and served by the gateway itself (no script from anywhere else), to a signed-in
 * SuperAdmin or a request with an API key. The schema is described (introspection) to them only.
 */

type ContextOf = (args: { req: Request; res: Response }) => Promise<GatewayContext>;

/** Who may open the explorer and ask for the schema: a SuperAdmin, or a tool with a working key. */
async function mayExplore(ctx: GatewayContext): Promise<'yes' | 'signed out' | 'not allowed'> {
  const viewer = await ctx.viewer();
  if (!viewer) return 'signed out';
  return viewer.TypeOfUser === 'SuperAdmin' || ctx.usesApiKey ? 'yes' : 'not allowed';
}

const REFUSALS = {
  'signed out': {
    status: 401,
    text: 'Sign in to the console as one of the provider’s administrators, then open this page again; a tool sends its API key as the header Authorization: Bearer &lt;key&gt;.',
  },
  'not allowed': { status: 403, text: 'The GraphQL explorer is for the provider’s administrators and for API keys.' },
} as const;

/** A page of text only, as the refusal: it loads nothing. */
const refusalPage = (text: string) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>GraphQL explorer · Yozy Admin Console</title></head>
  <body>
    <h1>GraphQL explorer</h1>
    <p>${text}</p>
    <p>Each operation is a POST request to this address with the header <code>Content-Type: application/json</code>
      and a body such as <code>{"query": "{ viewer { email } }"}</code>.</p>
  </body>
</html>
`;

/**
 * GET /graphql from a browser (asking for HTML, with no `query` parameter): the explorer, or a page
 * saying who may open it. Anything else goes on to GraphQL. The explorer's files are public (they
 * hold no data); the schema they show comes only through an allowed introspection.
 */
export function serveExplorer(explorerDist: string, contextOf: ContextOf): express.Router {
  const root = resolve(explorerDist);
  const index = resolve(root, 'index.html');
  const router = express.Router();

  router.use(
    '/explorer/assets',
    express.static(resolve(root, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );

  const page: RequestHandler = async (req, res, next) => {
    if (req.query.query !== undefined || req.accepts(['json', 'html']) !== 'html') return next();
    res.set('Cache-Control', 'no-store');
    const verdict = await mayExplore(await contextOf({ req, res }));
    if (verdict !== 'yes') {
      const refusal = REFUSALS[verdict];
      res.status(refusal.status).type('html').send(refusalPage(refusal.text));
      return;
    }
    if (!existsSync(index)) {
      res.status(503).type('text').send('The GraphQL explorer is not built yet: run `npm run build`.');
      return;
    }
    res.sendFile(index);
  };
  router.get('/graphql', page);
  return router;
}

/**
 * Whether an operation document asks for the schema (`__schema` or `__type` anywhere in it). Apollo
 * Server keeps each validated document and hands the same one to every request that sends its
 * text again, so the answer is kept with it: a document is walked once, not at every request.
 */
export function asksForSchema(document: DocumentNode): boolean {
  let asks = schemaAsked.get(document);
  if (asks !== undefined) return asks;
  asks = false;
  visit(document, {
    [Kind.FIELD](node) {
      if (node.name.value === '__schema' || node.name.value === '__type') asks = true;
    },
  });
  schemaAsked.set(document, asks);
  return asks;
}
const schemaAsked = new WeakMap<DocumentNode, boolean>();

/** Introspection for the explorer's users only: anyone else asking for the schema is refused. */
export const introspectionForExplorers: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ document, contextValue }) {
        if (!asksForSchema(document) || (await mayExplore(contextValue)) === 'yes') return;
        throw new GraphQLError('The schema is described to the provider’s administrators and to API keys only', {
          extensions: { code: 'FORBIDDEN', http: { status: 403 } },
        });
      },
    };
  },
};
