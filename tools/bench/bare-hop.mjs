// The floor of the bench's "what the gateway costs": one hop and nothing else, an Express handler
// that takes the `viewer` query's POST, asks the upstream (static-upstream.mjs) with `fetch` as the
// session cookie's person, and answers what the query asks for: no GraphQL, no checks, no logs.
//
//   NODE_ENV=production node tools/bench/bare-hop.mjs 4702 http://127.0.0.1:4700/
import express from 'express';

const TYPE_OF_USER = { SuperAdmin: 'SUPER_ADMIN', OrgAdmin: 'ORG_ADMIN', User: 'USER' };
const [port = '4702', upstream = 'http://127.0.0.1:4700/'] = process.argv.slice(2);
const tokenOf = (req) => /(?:^|;\s*)token_org=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
const app = express();
app.post('/graphql', express.json(), async (req, res) => {
  const answer = await fetch(new URL('users/me', upstream), { headers: { authorization: `Bearer ${tokenOf(req)}` } });
  const p = await answer.json();
  res.json({
    data: {
      viewer: {
        id: String(p.ClientUserId),
        uuid: p.UUID,
        email: p.OfficialEmail,
        firstName: p.UserFirstname,
        lastName: p.UserLastname,
        typeOfUser: TYPE_OF_USER[p.TypeOfUser],
        role: p.Role,
        organization: { id: String(p.OrgDetails.ClientId), companyName: p.OrgDetails.ClientCompanyName },
      },
    },
  });
});
app.listen(Number(port), '127.0.0.1');
