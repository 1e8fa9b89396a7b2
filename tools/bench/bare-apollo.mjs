// The yardstick of the bench's "what the gateway costs": Apollo Server 5 as a team gets it by
// default, on Express with one RESTDataSource, answering the same `viewer` query as the gateway
// from the same upstream (static-upstream.mjs), with the session cookie's token as its credential.
//
//   NODE_ENV=production node tools/bench/bare-apollo.mjs 4701 http://127.0.0.1:4700/
import { ApolloServer } from '@apollo/server';
import { RESTDataSource } from '@apollo/datasource-rest';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';

const typeDefs = `#graphql
  enum TypeOfUser { SUPER_ADMIN ORG_ADMIN USER }
  type Organization { id: ID! companyName: String! }
  type Viewer { id: ID! uuid: ID! email: String! firstName: String! lastName: String! typeOfUser: TypeOfUser! role: String organization: Organization! }
  type Query { viewer: Viewer }`;
const resolvers = {
  Query: { viewer: (_, __, { me }) => me.get('users/me') },
  TypeOfUser: { SUPER_ADMIN: 'SuperAdmin', ORG_ADMIN: 'OrgAdmin', USER: 'User' },
  Viewer: {
    id: (p) => p.ClientUserId,
    uuid: (p) => p.UUID,
    email: (p) => p.OfficialEmail,
    firstName: (p) => p.UserFirstname,
    lastName: (p) => p.UserLastname,
    typeOfUser: (p) => p.TypeOfUser,
    role: (p) => p.Role,
    organization: (p) => p.OrgDetails,
  },
  Organization: { id: (o) => o.ClientId, companyName: (o) => o.ClientCompanyName },
};
class Me extends RESTDataSource {
  constructor(baseURL, token) {
    super();
    this.baseURL = baseURL;
    this.token = token;
  }
  willSendRequest(_path, request) {
    request.headers.authorization = `Bearer ${this.token}`;
  }
}

const [port = '4701', upstream = 'http://127.0.0.1:4700/'] = process.argv.slice(2);
const server = new ApolloServer({ typeDefs, resolvers });
await server.start();
const app = express();
const tokenOf = (req) => /(?:^|;\s*)token_org=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
app.use('/graphql', express.json(), expressMiddleware(server, { context: async ({ req }) => ({ me: new Me(upstream, tokenOf(req)) }) }));
app.listen(Number(port), '127.0.0.1');
