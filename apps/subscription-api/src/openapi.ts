import { TOKEN_VALIDITY_HOURS } from '@yozy/shared';
import { INVALID_LINK_MESSAGE, RESET_REQUEST_MIN_MS } from './routes/auth';
import { planFields, productFields } from './routes/catalogue';
import { clientFields } from './routes/clients';
import { PENDING_ENQUIRY_MESSAGE } from './routes/enquiries';
import type { Field } from './http/resource';

const schemaOf = (type: Field['type']) =>
  ({
    int: { type: 'integer' },
    number: { type: 'number' },
    text: { type: 'string' },
    bool: { type: 'boolean' },
    date: { type: 'string', format: 'date' },
    timestamp: { type: 'string', format: 'date-time' },
    textList: { type: 'array', items: { type: 'string' } },
  })[type];

const objectOf = (fields: Record<string, Field>) => ({
  type: 'object',
  properties: Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, { ...schemaOf(field.type), nullable: true }])),
});

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const json = (schema: object) => ({ 'application/json': { schema } });
const body = (required: string[], properties: Record<string, object>) => ({
  required: true,
  content: json({ type: 'object', required, properties }),
});
const answer = (description: string, properties: Record<string, object>) => ({
  description,
  content: json({ type: 'object', properties }),
});
const str = (description?: string, extra: object = {}) => ({ type: 'string', ...(description ? { description } : {}), ...extra });
const passwordErrors = (confirmationField: string) =>
  error(
    `INVALID_TOKEN (field token: "${INVALID_LINK_MESSAGE}": expired, used, voided, unknown or another email's), WEAK_PASSWORD (field password), PASSWORD_MISMATCH (field ${confirmationField}), BAD_REQUEST (missing or mistyped field)`,
  );
const publicList = (description: string, schema: string, filters: string[]) => ({
  get: {
    security: [],
    summary: description,
    parameters: [...listParameters, ...filters.map((name) => ({ name, in: 'query', schema: { type: 'string' }, example: 'eq.1' }))],
    responses: {
      200: { description: 'Active rows', content: json({ type: 'array', items: { $ref: `#/components/schemas/${schema}` } }) },
      400: error('Unknown field or malformed filter'),
    },
  },
});
const optionalTexts = (...names: string[]) => Object.fromEntries(names.map((name) => [name, { type: 'string', nullable: true }]));

const listParameters = [
  { name: 'select', in: 'query', schema: { type: 'string' }, description: 'Comma-separated field names' },
  { name: 'order', in: 'query', schema: { type: 'string' }, description: 'field.asc or field.desc on sortable fields, comma-separated' },
  {
    name: 'or',
    in: 'query',
    schema: { type: 'string' },
    description: 'Search on the searchable fields: (Field.ilike.*text*,Field.ilike.*text*), values with , ( ) or " double-quoted',
  },
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
      'Organisations, users, licences and sessions. Calls marked with an empty security list are public (sign-in, health, the password and invitation flows, captcha replay protection, the product and plan masters, the sign-up enquiry); every other call needs `Authorization: Bearer <session token>`, and the organisation scope comes from the token. Filters on list resources take the form `Field=op.value` with op one of eq, neq, gt, gte, lt, lte, like, ilike (with * as wildcard), in.(a,b), is.null|true|false.',
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
      Product: objectOf(productFields),
      Plan: objectOf(planFields),
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
        description:
          'Searchable: ClientCompanyName, ClientContactName. Sortable: ClientCompanyName, ClientContactName (both ignoring case), DateOnboarded, ClientType, BusinessVertical.',
        parameters: [
          ...listParameters,
          ...[
            ['ClientId', 'eq.2'],
            ['ClientType', 'eq.Enterprise'],
            ['BusinessVertical', 'eq.Retail'],
            ['DateOnboarded', 'gte.2024-01-01'],
          ].map(([name, example]) => ({ name, in: 'query', schema: { type: 'string' }, example })),
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
    '/users/product-address': {
      get: {
        summary: 'The product address a user is sent to after setting a password (SPEC section 4)',
        description:
          "The lite product's domain when the plan group of the user's product (first role mapping) is MICROSAAS; otherwise, and whenever the lookup fails or finds nothing, the standard web product's. A SuperAdmin may ask about anyone; others only about people of their own organisation.",
        parameters: [{ name: 'email', in: 'query', required: true, schema: { type: 'string' } }],
        responses: {
          200: answer('The address', { url: str(undefined, { format: 'uri' }) }),
          400: error('email missing (field email)'),
          401: error('No live session'),
          403: error('Not of your organisation, or unknown (the same answer)'),
        },
      },
    },
    '/auth/password/request': {
      post: {
        security: [],
        summary: 'Mail a password-reset link when an active account with a password has this email',
        description: `The answer is the same, and takes at least ${RESET_REQUEST_MIN_MS} ms, whether or not the account exists. The link is valid ${TOKEN_VALIDITY_HOURS} hours and works once.`,
        requestBody: body(['email'], { email: str(undefined, { format: 'email' }) }),
        responses: {
          202: answer('Accepted (whether or not the account exists)', { accepted: { type: 'boolean', enum: [true] } }),
          400: error('Not an email address (field email)'),
        },
      },
    },
    '/auth/password/linkverify': {
      post: {
        security: [],
        summary: 'Whether a reset link is live: unused, not voided, under 8 hours old, for this email (any case)',
        requestBody: body(['email', 'token'], { email: str(), token: str() }),
        responses: {
          200: answer('Verdict', { linkvalid: { type: 'boolean' } }),
          400: error('A field is missing or not a string'),
        },
      },
    },
    '/auth/reset': {
      post: {
        security: [],
        summary: "Set a new password with a reset link's token",
        description:
          'In one transaction: the new argon2id hash, the token used, other reset tokens of the user voided, every live session ended (end_reason password_reset) and a "password changed" mail queued. Does not sign in. A weak password or a mismatch leaves the link usable.',
        requestBody: body(['email', 'token', 'password', 'newpassword'], {
          email: str(),
          token: str(),
          password: str('The new password'),
          newpassword: str('Its confirmation'),
        }),
        responses: {
          200: answer('Password changed', {
            pass: { type: 'boolean', enum: [true] },
            redirectUrl: str("The user's product address", { format: 'uri' }),
          }),
          400: passwordErrors('newpassword'),
        },
      },
    },
    '/auth/create/user': {
      post: {
        security: [],
        summary: "An invited user sets their name and first password with the invitation's token",
        requestBody: body(['email', 'token', 'password', 'confirmpassword', 'firstname', 'lastname'], {
          email: str(),
          token: str('The token of the invitation link'),
          password: str(),
          confirmpassword: str(),
          firstname: str(undefined, { maxLength: 100 }),
          lastname: str(undefined, { maxLength: 100 }),
        }),
        responses: {
          200: answer('Password set', {
            success: { type: 'boolean', enum: [true] },
            redirectUrl: str("The user's product address", { format: 'uri' }),
          }),
          400: passwordErrors('confirmpassword'),
        },
      },
    },
    '/captcha/consume': {
      post: {
        security: [],
        summary: "Record a verified captcha solution's signature, so it is accepted once across gateway instances",
        requestBody: body(['signature', 'expiresAt'], {
          signature: str(undefined, { maxLength: 512 }),
          expiresAt: str(undefined, { format: 'date-time' }),
        }),
        responses: {
          201: answer('First use', { consumed: { type: 'boolean', enum: [true] } }),
          400: error('Missing signature or expiresAt not an ISO 8601 time'),
          409: error('CONFLICT: This captcha was already used'),
        },
      },
    },
    '/subscription_product_master': publicList('Products on sale (public)', 'Product', ['ProductId', 'ProductCode']),
    '/subscription_plan_master': publicList('Plans on sale (public); PlanGroup MICROSAAS is the lite tier', 'Plan', [
      'PlanId',
      'ProductId',
      'PlanGroup',
    ]),
    '/form/subscription_web_enquiry': {
      post: {
        security: [],
        summary: 'Public sign-up: a company asks to subscribe; the enquiry waits for approval',
        requestBody: body(
          ['ClientCompanyName', 'AdminFirstname', 'AdminLastname', 'AdminEmail', 'ContactName', 'ContactEmail', 'ProductId', 'PlanId'],
          {
            ClientCompanyName: str(undefined, { maxLength: 200 }),
            ...optionalTexts('AddressLine1', 'AddressLine2', 'City', 'State', 'Country', 'CountryCode', 'Pincode'),
            CurrencyCode: { type: 'string', nullable: true, pattern: '^[A-Za-z]{3}$' },
            ...optionalTexts('ClientType', 'NatureOfBusiness', 'BusinessVertical'),
            ClientRevenueInUSD: { type: 'number', minimum: 0, nullable: true },
            AdminFirstname: str(),
            AdminLastname: str(),
            AdminEmail: str(undefined, { format: 'email' }),
            AdminPhone: { type: 'string', nullable: true },
            AdminDepartment: { type: 'string', nullable: true },
            ContactName: str(),
            ContactDesignation: { type: 'string', nullable: true },
            ContactEmail: str(undefined, { format: 'email' }),
            ContactPhone: { type: 'string', nullable: true },
            ProductId: { oneOf: [{ type: 'integer' }, { type: 'string', pattern: '^\\d+$' }] },
            PlanId: { oneOf: [{ type: 'integer' }, { type: 'string', pattern: '^\\d+$' }] },
          },
        ),
        responses: {
          201: answer('Stored, pending approval', { EnquiryId: { type: 'integer' } }),
          400: error(
            'BAD_REQUEST naming the field: a required field missing, a malformed email or phone, a product not on sale (ProductId), a plan not of that product (PlanId)',
          ),
          409: error(`CONFLICT (field AdminEmail): "${PENDING_ENQUIRY_MESSAGE}"`),
        },
      },
    },
  },
} as const;
