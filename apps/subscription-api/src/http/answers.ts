import { z } from 'zod';
import type { Answer, Parameter } from '#openapi/build';
import { answerSchema } from '#openapi/components';
import { ERROR_CODES } from './errors';
import { OPERATORS } from './listQuery';
import { COUNT_BOUND, TOTAL_MORE_THAN } from './listTotals';
import { DEFAULT_LIMIT, MAX_LIMIT, type Field } from './resource';

/** The answers many operations give, named once. */

const errorAnswer = answerSchema(
  'Error',
  z.object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string().meta({ description: 'A sentence a person can act on' }),
      field: z.string().optional().meta({ description: 'The body or query field at fault, in the names of this service' }),
    }),
  }),
);

export const refused = (description: string): Answer => ({ description, body: errorAnswer });

export const NO_SESSION: Answer = {
  ...refused(
    'UNAUTHENTICATED: no token, an ended or expired session, a revoked API key, an API key sent without the gateway’s service credential, or a uuid header of someone else',
  ),
  headers: {
    'WWW-Authenticate': {
      description: 'Bearer realm="yozy" when no token was sent; with error="invalid_token" when the one sent is not live (RFC 6750)',
      schema: z.string(),
    },
  },
};
export const FOR_THE_GATEWAY = refused('UNAUTHENTICATED: called without the gateway’s service credential');
export const NOT_AN_ADMIN = refused('FORBIDDEN: another organization, or not an administrator');
export const FOR_SUPER_ADMINS = refused('FORBIDDEN: not one of the provider’s SuperAdmins');
export const BAD_LIST_QUERY = refused('BAD_REQUEST: an unknown field, or a malformed filter, order or count');
export const BAD_CLIENT_ID = refused('BAD_REQUEST: ClientId is not a whole number');
export const NO_SUCH_ORGANISATION = refused('NOT_FOUND: no such organization');

const FILTER = new RegExp(`^(${[...OPERATORS.keys()].join('|')})\\.`);

/**
 * The query string every list resource takes: its fields as filters, a search over its searchable
 * fields (when it has any), then select, order on its sortable fields, limit and offset.
 */
export function listParameters(fields: Record<string, Field>): Parameter[] {
  const searchable = Object.entries(fields)
    .filter(([, field]) => field.searchable)
    .map(([name]) => name);
  const sortable = Object.entries(fields)
    .filter(([, field]) => field.sort)
    .map(([name]) => name);
  const filters = Object.entries(fields)
    .filter(([, field]) => field.type !== 'textList')
    .map(([name]) => ({
      name,
      in: 'query' as const,
      description: `Filter on ${name}, e.g. ${name}=eq.1`,
      schema: z.string().regex(FILTER),
    }));
  return [
    ...filters,
    { name: 'select', in: 'query', description: 'Comma-separated field names; only those come back', schema: z.string() },
    ...(searchable.length
      ? [
          {
            name: 'or',
            in: 'query' as const,
            description: `Search, PostgREST style: (${searchable.map((name) => `${name}.ilike.*text*`).join(',')}); a value holding , ( ) or " is double-quoted`,
            schema: z.string().regex(/^\(.*\)$/s),
          },
        ]
      : []),
    {
      name: 'order',
      in: 'query',
      description: sortable.length
        ? `field.asc or field.desc, comma-separated, on ${sortable.join(', ')}`
        : 'No order: the rows come in their natural order',
      schema: z.string(),
    },
    { name: 'limit', in: 'query', schema: z.int().min(0).max(MAX_LIMIT).default(DEFAULT_LIMIT) },
    { name: 'offset', in: 'query', schema: z.int().min(0).default(0) },
    {
      name: 'Prefer',
      in: 'header',
      description: `Ask for the total in Content-Range: count=exact counts every matching row; count=bounded counts at most ${COUNT_BOUND} past the page and answers a larger total as * with ${TOTAL_MORE_THAN}`,
      schema: z.enum(['count=exact', 'count=bounded']),
    },
  ];
}

export const listAnswer = (description: string, record: z.core.$ZodType): Answer => ({
  description,
  body: z.array(record),
  headers: {
    'Content-Range': {
      description: 'With Prefer: count=…, the rows answered and the total: 0-24/310, */0 when none, or 0-24/* when a bounded count stopped',
      schema: z.string().regex(/^(\d+-\d+|\*)\/(\d+|\*)$/),
    },
    [TOTAL_MORE_THAN]: {
      description: 'When a bounded count stopped (Content-Range ends in /*): the list holds more rows than this',
      schema: z.string().regex(/^\d+$/),
    },
  },
});
