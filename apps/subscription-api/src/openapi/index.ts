import { documentedPaths } from '#http/route';
import { ROUTES } from '#routes';
import { buildDocument } from './build';
import { answerSchemas, requestSchemas } from './components';

/** Every answer body by its component name, for the tests that hold real answers against them. */
export { answerSchemas };

/** The REST contract of what exists; the gateway's REST types are generated from it. */
export const openApiDocument = buildDocument({
  info: {
    title: 'Yozy subscription service',
    version: '1.0.0',
    description:
      'Organizations, users, licences and sessions. Operations with an empty security list are public (health, the product and plan masters). Sign-in, the password and invitation flows, captcha replay protection, the sign-up enquiry and the product address are for the gateway only: they need its service credential in the `x-service-token` header, because the gateway checks the captcha and counts attempts before it calls them. Every other operation needs `Authorization: Bearer <session token>`, and the organization scope comes from the token; an internal tool’s API key is taken in its place only from the gateway, with the service credential, since the gateway counts each key’s rate limit. Filters on list resources take the form `Field=op.value` with op one of eq, neq, gt, gte, lt, lte, like, ilike (with * as wildcard), in.(a,b), is.null|true|false.',
  },
  servers: [{ url: '/', description: 'The address this document was fetched from' }],
  tags: [
    { name: 'Service', description: 'Whether the service can answer' },
    { name: 'Session', description: 'Signing in and out, and who is signed in' },
    { name: 'Account', description: 'Emailed password-reset links and invitations' },
    { name: 'Captcha', description: "Replay protection for the gateway's captcha" },
    { name: 'Catalogue', description: 'The products and plans on sale' },
    { name: 'Enquiries', description: 'Companies asking to subscribe' },
    { name: 'Organizations', description: 'The organizations (clients) of the provider' },
    { name: 'Insights', description: "An organization's numbers for its dashboard and statistics" },
    { name: 'Groups', description: "An organization's assignment groups and their members" },
    { name: 'Projects', description: "An organization's projects and the people allocated to them" },
    { name: 'Licences', description: "An organization's licences and the seats they give" },
    { name: 'Sessions', description: "Sign-in sessions of an organization's users, and ending them" },
    { name: 'Platform', description: "The provider's masters, for its SuperAdmins only" },
    {
      name: 'Webhooks',
      description:
        "An organization's webhook endpoints and their deliveries (Standard Webhooks), and the provider's own for every organization",
    },
    { name: 'Users', description: 'The people of an organization, their roles, seats and invitations' },
    { name: 'Audit', description: 'Who changed what, when and from where' },
  ],
  inputs: requestSchemas,
  outputs: answerSchemas,
  paths: documentedPaths(ROUTES),
});

export type OpenApiDocument = typeof openApiDocument;
