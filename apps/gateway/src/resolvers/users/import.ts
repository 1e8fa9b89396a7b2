import { fromRestField, toRestFields, USER_IMPORT_REST_FIELDS } from '@yozy/shared';
import type { Resolvers, UserImportRowInput } from '#generated/graphql';
import { REST_ERRORS } from '#errors';
import { organizationScoped, withUserErrors } from '#guards';

/** The rows in the REST service's names. */
const restRows = (rows: readonly UserImportRowInput[]) => rows.map((row) => toRestFields(USER_IMPORT_REST_FIELDS, row));

/** The import refers to the rows as a whole: a refusal names `rows`, never a REST field. */
const ROWS_FIELD = { rows: 'Rows' } as const;

export const userImportResolvers: Resolvers = {
  Query: {
    userImportPreview: organizationScoped(async (_parent, { organizationId, rows }, ctx) => {
      const preview = await ctx.dataSources.users.previewUserImport(organizationId, restRows(rows));
      return {
        goodRows: preview.GoodRows,
        seatProblems: preview.SeatProblems,
        rows: preview.Rows.map(({ Row, Problems }) => ({
          row: Row,
          problems: Problems.map((problem) => ({
            code: REST_ERRORS[problem.Code].code,
            field: fromRestField(USER_IMPORT_REST_FIELDS, problem.Field),
            message: problem.Message,
          })),
        })),
      };
    }),
  },
  Mutation: {
    importUsers: organizationScoped(
      withUserErrors(ROWS_FIELD, { invited: 0, users: [] })(async (_parent, { organizationId, rows }, ctx) => {
        const { Invited, Users } = await ctx.dataSources.users.importUsers(organizationId, restRows(rows));
        return { invited: Invited, users: Users };
      }),
    ),
  },
};
