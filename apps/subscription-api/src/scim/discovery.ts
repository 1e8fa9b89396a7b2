import type { Request, Response } from 'express';
import { baseUrlOf } from './context';
import { MAX_COMPARISONS } from './filter';
import { MAX_OPERATIONS } from './patch';
import { answer, answerList, notFound, SCHEMA } from './protocol';
import { MAX_PAGE } from './userResource';

/** RFC 7644 section 4: what the service supports, for an identity provider to read before it provisions. */
export function serviceProviderConfig(_req: Request, res: Response): void {
  const baseUrl = baseUrlOf(res);
  answer(res, 200, {
    schemas: [SCHEMA.serviceProviderConfig],
    documentationUri: `${baseUrl.replace(/\/scim\/v2$/, '')}/docs/PROVISIONING.md`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_PAGE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: `A provisioning token of the organization, made in its single sign-on settings, sent as Authorization: Bearer <token>. A filter holds at most ${MAX_COMPARISONS} comparisons and a PATCH at most ${MAX_OPERATIONS} operations.`,
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  });
}

const RESOURCE_TYPES = [
  {
    schemas: [SCHEMA.resourceType],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'A person of the organization: userName is their email address',
    schema: SCHEMA.user,
    schemaExtensions: [{ schema: SCHEMA.enterpriseUser, required: false }],
  },
  {
    schemas: [SCHEMA.resourceType],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    description: 'A group of the organization',
    schema: SCHEMA.group,
  },
];

export function resourceTypes(req: Request, res: Response): void {
  const baseUrl = baseUrlOf(res);
  const withMeta = RESOURCE_TYPES.map((type) => ({
    ...type,
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/${type.id}` },
  }));
  const id = req.params.id;
  if (id !== undefined) {
    const found = withMeta.find((type) => type.id === id);
    if (!found) throw notFound('ResourceType');
    answer(res, 200, found);
    return;
  }
  answerList(res, withMeta);
}

type Attribute = {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'dateTime' | 'reference';
  multiValued?: boolean;
  required?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  uniqueness?: 'none' | 'server' | 'global';
  caseExact?: boolean;
  description: string;
  subAttributes?: Attribute[];
  referenceTypes?: string[];
};

const attribute = (definition: Attribute): Record<string, unknown> => ({
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...definition,
  ...(definition.subAttributes ? { subAttributes: definition.subAttributes.map(attribute) } : {}),
});

const multiValued = (name: string, description: string) =>
  attribute({
    name,
    type: 'complex',
    multiValued: true,
    description,
    subAttributes: [
      { name: 'value', type: 'string', description: 'The value' },
      { name: 'type', type: 'string', description: 'Its kind: work' },
      { name: 'primary', type: 'boolean', description: 'Whether it is the one used' },
    ],
  });

const SCHEMAS = [
  {
    id: SCHEMA.user,
    name: 'User',
    description: 'A person of the organization',
    attributes: [
      attribute({
        name: 'userName',
        type: 'string',
        required: true,
        uniqueness: 'server',
        description: 'The email address the person signs in with; of a verified domain of the organization',
      }),
      attribute({
        name: 'name',
        type: 'complex',
        description: 'The person’s name',
        subAttributes: [
          { name: 'givenName', type: 'string', description: 'First name' },
          { name: 'familyName', type: 'string', description: 'Last name' },
          { name: 'formatted', type: 'string', mutability: 'readOnly', description: 'The full name' },
        ],
      }),
      attribute({ name: 'displayName', type: 'string', description: 'The full name; read into the name when name is not sent' }),
      multiValued('emails', 'The email address (one: the userName)'),
      multiValued('phoneNumbers', 'The phone number (one)'),
      attribute({
        name: 'active',
        type: 'boolean',
        description: 'false deactivates the person (their sessions end and their seat is freed); only true brings them back',
      }),
      attribute({ name: 'externalId', type: 'string', caseExact: true, description: 'What the identity provider knows the person by' }),
      attribute({
        name: 'groups',
        type: 'complex',
        multiValued: true,
        mutability: 'readOnly',
        description: 'The groups the person is a member of (change a group’s members to change them)',
        subAttributes: [
          { name: 'value', type: 'string', mutability: 'readOnly', description: 'The group’s id' },
          { name: 'display', type: 'string', mutability: 'readOnly', description: 'The group’s name' },
        ],
      }),
    ],
  },
  {
    id: SCHEMA.enterpriseUser,
    name: 'EnterpriseUser',
    description: 'The enterprise extension of a person',
    attributes: [attribute({ name: 'department', type: 'string', description: 'The person’s department' })],
  },
  {
    id: SCHEMA.group,
    name: 'Group',
    description: 'A group of the organization',
    attributes: [
      attribute({
        name: 'displayName',
        type: 'string',
        required: true,
        uniqueness: 'server',
        description: 'The group’s name, unique in the organization',
      }),
      attribute({ name: 'externalId', type: 'string', caseExact: true, description: 'What the identity provider knows the group by' }),
      attribute({
        name: 'members',
        type: 'complex',
        multiValued: true,
        description: 'The people of the group',
        subAttributes: [
          { name: 'value', type: 'string', mutability: 'immutable', description: 'A person’s id' },
          { name: 'display', type: 'string', mutability: 'readOnly', description: 'Their name' },
        ],
      }),
    ],
  },
];

export function schemas(req: Request, res: Response): void {
  const baseUrl = baseUrlOf(res);
  const withMeta = SCHEMAS.map((schema) => ({
    schemas: [SCHEMA.schema],
    ...schema,
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${schema.id}` },
  }));
  const id = req.params.id;
  if (id !== undefined) {
    const found = withMeta.find((schema) => schema.id === id);
    if (!found) throw notFound('Schema');
    answer(res, 200, found);
    return;
  }
  answerList(res, withMeta);
}
