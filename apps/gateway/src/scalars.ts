import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

/** A real calendar day written YYYY-MM-DD: 2024-02-30 is not one. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

function textScalar(name: string, description: string, valid: (value: string) => boolean, expected: string) {
  const check = (value: unknown) => {
    if (typeof value === 'string' && valid(value)) return value;
    throw new GraphQLError(`${name} must be ${expected}`, { extensions: { code: 'BAD_USER_INPUT' } });
  };
  return new GraphQLScalarType<string, string>({
    name,
    description,
    serialize: (value) => check(value),
    parseValue: check,
    parseLiteral: (ast) => check(ast.kind === Kind.STRING ? ast.value : undefined),
  });
}

/**
 * The REST service's timestamp (`2026-11-20T08:15:00.123456+00:00`) as the DateTime scalar's UTC
 * instant (`2026-11-20T08:15:00.123Z`); no timestamp stays null.
 */
export function utcInstant(value: string): string;
export function utcInstant(value: string | null | undefined): string | null;
export function utcInstant(value: string | null | undefined): string | null {
  return value ? new Date(value).toISOString() : null;
}

export const DateScalar = textScalar('Date', 'A calendar date as YYYY-MM-DD.', isCalendarDate, 'a date written YYYY-MM-DD');

export const DateTimeScalar = textScalar(
  'DateTime',
  'An instant as an ISO 8601 string in UTC.',
  (value) => ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)),
  'an ISO 8601 time with its offset, such as 2024-05-01T09:30:00Z',
);
