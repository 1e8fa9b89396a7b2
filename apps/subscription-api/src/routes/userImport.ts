import { z } from 'zod';
import {
  importUserRow,
  parseWrittenRoles,
  restSchema,
  USER_IMPORT_MAX_ROWS,
  USER_IMPORT_NO_ROWS_MESSAGE,
  USER_IMPORT_REST_FIELDS,
  USER_IMPORT_TOO_MANY_ROWS_MESSAGE,
} from '@yozy/shared';
import type { Queryable } from '#db/database';
import { reserveSeats, seatLimitMessage, seatsOf } from '#domain/seats';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody, settleDuplicates } from '#http/errors';
import { recordsByIds } from '#http/resource';
import { targetOrganization } from '#http/scope';
import { auditScope } from '#domain/audited';
import type { QueuedMail } from '#mail/outbox';
import { clientUsers, EMAIL_TAKEN_MESSAGE, inviteBody, inviteUser } from '#domain/people';
import { route } from '#http/route';
import { clientUserRecord } from '#openapi/answers';
import { refused, NO_SUCH_ORGANISATION } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';

/**
 * Importing people from a file: one call checks every row and says what is wrong with each,
 * writing nothing; the other invites the rows, all or none, through the same invitation as the
 * form (account, roles, seats, link, mail, audit entry).
 */

const PREVIEW_PATH = '/subscription/users/import/preview';
const IMPORT_PATH = '/subscription/users/import';
/** A file of people is larger than any form: both take bodies up to 1 MB (500 rows of the longest cells). */
const FILE_BODY_LIMIT = '1mb';

// A cell as the file has it: the row's rules are checked one row at a time, so that a bad email
// is a problem of its row and not a refusal of the whole file.
const cell = z.string().max(5000, 'Use at most 5000 characters in a cell').nullish();

export const importRowBody = z.object({
  UserFirstname: cell,
  UserLastname: cell,
  OfficialEmail: cell,
  DepartmentName: cell,
  DepartmentCode: cell,
  Phone: cell,
  Roles: cell.meta({ description: 'The roles, one or more per product: `Yozy Web: Member; Yozy Lite: Viewer`, or `Member` alone' }),
});

/** POST /subscription/users/import/preview and /subscription/users/import. */
export const importBody = requestSchema(
  'UserImport',
  z.object({
    ClientId: inviteBody.shape.ClientId,
    Rows: z
      .array(importRowBody, { error: USER_IMPORT_NO_ROWS_MESSAGE })
      .min(1, USER_IMPORT_NO_ROWS_MESSAGE)
      .max(USER_IMPORT_MAX_ROWS, USER_IMPORT_TOO_MANY_ROWS_MESSAGE)
      .meta({ description: `The rows of the file in order, 1 to ${USER_IMPORT_MAX_ROWS}` }),
  }),
);

const rowRules = restSchema(importUserRow, USER_IMPORT_REST_FIELDS);

export type ImportProblem = { Field: string | null; Code: 'BAD_REQUEST' | 'CONFLICT'; Message: string };
type Role = { role_id: number; role_name: string; product_id: number; product_name: string };
type CheckedRow = { Row: number; Problems: ImportProblem[]; user: z.infer<typeof rowRules> | null; roles: Role[] };

export const DUPLICATE_ROW_MESSAGE = (row: number) => `The same email is on row ${row} of the file`;

/** Each row's problems, and for the good ones the person and the roles to give them. */
async function checkRows(db: Queryable, clientId: number, rows: z.infer<typeof importRowBody>[]): Promise<CheckedRow[]> {
  const products = await db.query<{ product_id: number; product_name: string; licensed: boolean }>(
    `SELECT p.product_id, p.product_name,
            EXISTS (SELECT 1 FROM licences l WHERE l.client_id = $1 AND l.product_id = p.product_id
                       AND l.is_active AND l.valid_till >= current_date) AS licensed
       FROM products p`,
    [clientId],
  );
  const roles = await db.query<Role>(
    `SELECT r.role_id, r.role_name, r.product_id, p.product_name FROM roles r JOIN products p ON p.product_id = r.product_id
      WHERE r.is_active AND EXISTS (SELECT 1 FROM licences l WHERE l.client_id = $1 AND l.product_id = r.product_id
                       AND l.is_active AND l.valid_till >= current_date)`,
    [clientId],
  );
  const parsed = rows.map((row) => rowRules.safeParse(row));
  const emails = parsed.flatMap((result) => (result.success ? [result.data.OfficialEmail.toLowerCase()] : []));
  const taken = new Set(
    (
      await db.query<{ email: string }>('SELECT lower(email) AS email FROM client_users WHERE lower(email) = ANY($1::text[])', [emails])
    ).map((row) => row.email),
  );
  const firstRowOf = new Map<string, number>();

  return parsed.map((result, index) => {
    const Row = index + 1;
    const problems: ImportProblem[] = [];
    const add = (Field: string, Message: string, Code: ImportProblem['Code'] = 'BAD_REQUEST') => {
      if (!problems.some((problem) => problem.Field === Field)) problems.push({ Field, Code, Message });
    };
    if (!result.success) {
      for (const issue of result.error.issues) add(String(issue.path[0] ?? 'Rows'), issue.message);
      return { Row, Problems: problems, user: null, roles: [] };
    }
    const user = result.data;
    const email = user.OfficialEmail.toLowerCase();
    const first = firstRowOf.get(email);
    if (first !== undefined) add('OfficialEmail', DUPLICATE_ROW_MESSAGE(first), 'CONFLICT');
    else {
      firstRowOf.set(email, Row);
      if (taken.has(email)) add('OfficialEmail', EMAIL_TAKEN_MESSAGE, 'CONFLICT');
    }
    const given: Role[] = [];
    for (const written of parseWrittenRoles(user.Roles)) {
      const problem = roleProblem(written, products, roles, given);
      if (problem) add('Roles', problem);
    }
    if (given.length === 0) add('Roles', 'Give at least one role, such as “Yozy Web: Member”');
    return { Row, Problems: problems, user, roles: problems.length === 0 ? given : [] };
  });
}

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/** Finds the role written and adds it to `given`, or says why it cannot be given. */
function roleProblem(
  written: { product: string | null; role: string },
  products: { product_name: string; licensed: boolean }[],
  roles: Role[],
  given: Role[],
): string | null {
  if (written.product !== null) {
    const product = products.find((p) => same(p.product_name, written.product!));
    if (!product) return `There is no product called “${written.product}”`;
    if (!product.licensed) return `The organization has no active licence for ${product.product_name}`;
  }
  const matches = roles.filter(
    (r) => same(r.role_name, written.role) && (written.product === null || same(r.product_name, written.product)),
  );
  if (matches.length === 0) {
    return written.product === null
      ? `“${written.role}” is not a role of the organization’s products`
      : `${written.product} has no role called “${written.role}”`;
  }
  if (matches.length > 1)
    return `“${written.role}” is a role of several products: write it as “${matches[0]!.product_name}: ${written.role}”`;
  if (!given.some((r) => r.role_id === matches[0]!.role_id)) given.push(matches[0]!);
  return null;
}

/** How many of the good rows need a seat on each product. */
function seatsNeeded(rows: CheckedRow[]): Map<number, number> {
  const needed = new Map<number, number>();
  for (const row of rows) {
    for (const productId of new Set(row.roles.map((role) => role.product_id))) needed.set(productId, (needed.get(productId) ?? 0) + 1);
  }
  return needed;
}

const userImportPreview = answerSchema(
  'UserImportPreview',
  z.strictObject({
    Rows: z
      .array(
        z.strictObject({
          Row: z.int().meta({ description: 'The row’s place in the list sent, from 1' }),
          Problems: z
            .array(
              z.strictObject({
                Field: z.string().nullable().meta({ description: 'The REST field the problem is in' }),
                Code: z.enum(['BAD_REQUEST', 'CONFLICT']).meta({ description: 'CONFLICT: a duplicate in the file or an existing account' }),
                Message: z.string(),
              }),
            )
            .meta({ description: 'What is wrong with the row; empty when it can be invited' }),
        }),
      )
      .meta({ description: 'Every row sent, in order' }),
    GoodRows: z.int().meta({ description: 'How many rows have no problem' }),
    SeatProblems: z.array(z.string()).meta({ description: 'For each product the good rows do not fit on, how many seats are left' }),
  }),
);

const usersImported = answerSchema(
  'UsersImported',
  z.strictObject({
    Invited: z.int().meta({ description: 'How many people were invited' }),
    Users: z.array(clientUserRecord).meta({ description: 'The people invited, in the order they were created' }),
  }),
);

export const userImportRoutes = [
  route(
    {
      method: 'post',
      path: PREVIEW_PATH,
      access: 'admin',
      bodyLimit: FILE_BODY_LIMIT,
      operationId: 'previewUserImport',
      tag: 'Users',
      summary: 'Check the rows of a file of people to invite and say what is wrong with each, writing nothing',
      description:
        'Each row gets the invitation form’s rules, an email used on an earlier row or by an existing account, and roles the organization’s licensed products do not have. Bodies up to 1 MB.',
      body: importBody,
      responses: {
        200: { description: 'Every row with its problems', body: userImportPreview },
        400: refused('BAD_REQUEST (field Rows): no rows, or more than the most one import takes; a malformed ClientId'),
        413: refused('PAYLOAD_TOO_LARGE: a body over 1 MB'),
      },
    },
    async (req, res, { db }) => {
      const { ClientId, Rows } = parseBody(importBody, req.body);
      const clientId = targetOrganization(viewerOf(res), ClientId);
      const checked = await checkRows(db, clientId, Rows);
      const good = checked.filter((row) => row.Problems.length === 0);
      const SeatProblems: string[] = [];
      for (const [productId, count] of seatsNeeded(good)) {
        const seats = await seatsOf(db, clientId, productId);
        if (seats.used + count > seats.capacity) SeatProblems.push(seatLimitMessage(seats, count));
      }
      res.json({ Rows: checked.map(({ Row, Problems }) => ({ Row, Problems })), GoodRows: good.length, SeatProblems });
    },
  ),

  route(
    {
      method: 'post',
      path: IMPORT_PATH,
      access: 'admin',
      bodyLimit: FILE_BODY_LIMIT,
      operationId: 'importUsers',
      idempotent: true,
      tag: 'Users',
      summary: 'Invite every row of a file of people at once, all or none',
      description:
        'In one transaction: every row checked as the preview does (any problem refuses the whole file), the seats of every product reserved at once (the licences stay locked until it commits), then each person invited as POST /subscription/usercreation does: account, roles, link, mail and audit entry.',
      body: importBody,
      responses: {
        201: { description: 'Invited', body: usersImported },
        400: refused('BAD_REQUEST (field Rows): a row has a problem (the message names it), no rows, or too many'),
        404: NO_SUCH_ORGANISATION,
        409: refused(
          'SEAT_LIMIT (field Rows): the rows need more seats than are left, saying how many are left; CONFLICT: an email was taken meanwhile',
        ),
        413: refused('PAYLOAD_TOO_LARGE: a body over 1 MB'),
      },
    },
    async (req, res, { db, mailer }) => {
      const viewer = viewerOf(res);
      const { ClientId, Rows } = parseBody(importBody, req.body);
      const clientId = targetOrganization(viewer, ClientId);
      const scope = auditScope(req, res, clientId);
      // Someone may invite the same email while the file is being imported.
      const { ids, mails } = await settleDuplicates(
        () =>
          db.transaction(async (tx) => {
            const checked = await checkRows(tx, clientId, Rows);
            const bad = checked.filter((row) => row.Problems.length > 0);
            if (bad.length > 0) {
              const { Row, Problems } = bad[0]!;
              const others = bad.length > 1 ? ` (and ${bad.length - 1} more ${bad.length === 2 ? 'row' : 'rows'})` : '';
              throw new HttpError('BAD_REQUEST', `Row ${Row}: ${Problems[0]!.Message}${others}. Nobody was invited.`, 'Rows');
            }
            // Every seat the file needs at once, so a file that does not fit is refused saying how
            // many seats are left, before anyone is invited.
            for (const [productId, count] of seatsNeeded(checked)) await reserveSeats(tx, clientId, productId, count, 'Rows');
            const ids: number[] = [];
            const mails: QueuedMail[] = [];
            for (const row of checked) {
              const { Roles: _roles, ...user } = row.user!;
              const invited = await inviteUser(tx, mailer, {
                ...scope,
                user,
                roleIds: row.roles.map((role) => role.role_id),
              });
              ids.push(invited.userId);
              if (invited.mail) mails.push(invited.mail);
            }
            return { ids, mails };
          }),
        { client_users_email_key: [EMAIL_TAKEN_MESSAGE, 'Rows'] },
      );
      for (const mail of mails) mailer.dispatch(mail);
      res.status(201).json({ Invited: ids.length, Users: await recordsByIds(db, clientUsers, 'u.user_id', ids) });
    },
  ),
];
