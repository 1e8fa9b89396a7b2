import { clientFields } from './routes/clients';
import type { Field } from './http/resource';

const schemaOf = (type: Field['type']) =>
  ({
    int: { type: 'integer' },
    number: { type: 'number' },
    text: { type: 'string' },
    bool: { type: 'boolean' },
    date: { type: 'string', format: 'date' },
    timestamp: { type: 'string', format: 'date-time' },
  })[type];

const objectOf = (fields: Record<string, Field>) => ({
  type: 'object',
  properties: Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, { ...schemaOf(field.type), nullable: true }])),
});

const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

const listParameters = [
  { name: 'select', in: 'query', schema: { type: 'string' }, description: 'Comma-separated field names' },
  { name: 'order', in: 'query', schema: { type: 'string' }, description: 'field.asc or field.desc, comma-separated' },
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 0, maximum: 1000, default: 100 } },
  { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
  { name: 'Prefer', in: 'header', schema: { type: 'string', enum: ['count=exact'] }, description: 'Ask for the total in Content-Range' },
];

/** The REST contract of what exists; the gateway's REST types follow it. */
export const openApiDocument = {
  openapi: '3.0.3',
  info: {
    title: 'Yozy subscription service',
    version: '1.0.0',
    description:
      'Organisations, users, licences and sessions. Every call but sign-in and health needs `Authorization: Bearer <session token>`; the organisation scope comes from the token. Filters on list resources take the form `Field=op.value` with op one of eq, neq, gt, gte, lt, lte, like, ilike (with * as wildcard), in.(a,b), is.null|true|false.',
  },
  components: {
    securitySchemes: { session: { type: 'http', scheme: 'bearer' } },
    schemas: {
      Error: {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            required: ['code', 'message'],
            properties: { code: { type: 'string' }, message: { type: 'string' }, field: { type: 'string' } },
          },
        },
      },
      Client: objectOf(clientFields),
      Profile: {
        type: 'object',
        properties: {
          ClientUserId: { type: 'integer' },
          UUID: { type: 'string', format: 'uuid' },
          UserFirstname: { type: 'string' },
          UserLastname: { type: 'string' },
          OfficialEmail: { type: 'string' },
          Phone: { type: 'string', nullable: true },
          TypeOfUser: { type: 'string', enum: ['SuperAdmin', 'OrgAdmin', 'User'] },
          Role: { type: 'string', nullable: true },
          ClientId: { type: 'integer' },
          OrgDetails: { $ref: '#/components/schemas/Client' },
        },
      },
    },
  },
  security: [{ session: [] }],
  paths: {
    '/health': {
      get: {
        security: [],
        summary: 'The service and its database are reachable',
        responses: { 200: { description: 'Healthy' }, 503: error('Database unreachable') },
      },
    },
    '/users/signIn': {
      post: {
        security: [],
        summary: 'Start a session with email and password',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['email', 'password'],
                properties: { email: { type: 'string' }, password: { type: 'string' } },
              },
            },
          },
        },
        responses: {
          200: {
            description: 'Signed in',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    token: { type: 'string' },
                    expiresAt: { type: 'string', format: 'date-time' },
                    user: { $ref: '#/components/schemas/Profile' },
                  },
                },
              },
            },
          },
          400: error('Missing or malformed fields'),
          401: error('Incorrect email or password (the same answer for unknown accounts)'),
        },
      },
    },
    '/users/signOut': {
      post: { summary: 'End the session of the token', responses: { 204: { description: 'Ended' }, 401: error('No live session') } },
    },
    '/users/me': {
      get: {
        summary: 'The signed-in user and their organisation',
        responses: {
          200: { description: 'Profile', content: { 'application/json': { schema: { $ref: '#/components/schemas/Profile' } } } },
          401: error('No live session'),
        },
      },
    },
    '/subscription_client_details': {
      get: {
        summary: 'Organisations: all for a SuperAdmin, only their own for an organisation admin',
        parameters: [
          ...listParameters,
          { name: 'ClientId', in: 'query', schema: { type: 'string' }, example: 'eq.2' },
        ],
        responses: {
          200: {
            description: 'Organisations',
            content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Client' } } } },
          },
          400: error('Unknown field or malformed filter'),
          401: error('No live session'),
          403: error('Another organisation, or not an administrator'),
        },
      },
    },
  },
} as const;
