// The GraphQL explorer: GraphiQL, bundled with its editor and workers so the page loads nothing
// from another site and passes the gateway's Content-Security-Policy. The gateway serves this page
// only to a signed-in SuperAdmin or a request with an API key; queries go to the same /graphql with
// the browser's session cookie, or with the `Authorization: Bearer <key>` header typed into the
// Headers tab.
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import './explorer.css';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const fetcher = createGraphiQLFetcher({ url: new URL('/graphql', window.location.origin).href });

const DEFAULT_QUERY = `# The console's GraphQL API: Ctrl+Enter runs a query,
# and the book icon opens the schema's documentation.
query Organizations {
  organizations(page: { limit: 5 }) {
    totalCount
    nodes {
      id
      companyName
    }
  }
}
`;

createRoot(document.getElementById('explorer')!).render(
  <StrictMode>
    <GraphiQL fetcher={fetcher} defaultQuery={DEFAULT_QUERY}>
      {/* The explorer opens from the console's address bar or a bookmark: this is the way back. */}
      <GraphiQL.Logo>
        <a className="explorer-back" href="/">
          ← Back to the console
        </a>
      </GraphiQL.Logo>
    </GraphiQL>
  </StrictMode>,
);
