import { z } from 'zod';
import {
  ORGANIZATION_CHOICE_LISTS,
  ORGANIZATION_CHOICE_REST_FIELDS,
  ORGANIZATION_CHOICE_WORDS,
  organizationChoiceInput,
  organizationChoiceRenameInput,
  restSchema,
} from '@yozy/shared';
import type { Queryable } from '#db/database';
import { HttpError } from '#http/errors';
import { recordById, recordQuery, type ResourceDefinition, recordOf } from '#http/resource';
import { listRoute, route } from '#http/route';
import { changeRecord, createRecord, deleteRecord, retiringOr, type Master } from '#domain/masters';
import { refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';
import { CHOICE_COLUMNS } from '#domain/organizationChoices';

export const ORGANIZATION_CHOICES_PATH = '/platform/organization_choices';
/** The entries that can be chosen now, for the public sign-up form. */
export const OFFERED_ORGANIZATION_CHOICES_PATH = '/form/organization_choices';

/**
 * Organisations naming the entry in the field its list fills: one count per field, each served by
 * that field's index (a CASE choosing the column in the condition would read every organisation).
 */
const ORGANIZATIONS_NAMING = `(CASE o.choice_list
     WHEN 'BusinessVertical' THEN (SELECT count(*)::int FROM clients c WHERE c.business_vertical = o.choice_name)
     ELSE (SELECT count(*)::int FROM clients c WHERE c.client_type = o.choice_name) END)`;

export const organizationChoiceFields = {
  ChoiceId: { sql: 'o.choice_id', type: 'int' },
  ChoiceList: { sql: 'o.choice_list', type: 'text' },
  ChoiceName: {
    sql: 'o.choice_name',
    type: 'text',
    searchable: true,
    sort: { index: 'organization_choices_name_sort_idx', by: 'lower(o.choice_name)' },
  },
  IsActive: { sql: 'o.is_active', type: 'bool' },
  OrganizationCount: { sql: ORGANIZATIONS_NAMING, type: 'int' },
} satisfies ResourceDefinition['fields'];

export const organizationChoices: ResourceDefinition = {
  from: 'organization_choices o',
  fields: organizationChoiceFields,
  tieBreaker: 'o.choice_id',
};

const { ChoiceList, ChoiceName } = organizationChoiceFields;
const offeredChoices: ResourceDefinition = {
  from: 'organization_choices o',
  fields: { ChoiceList, ChoiceName },
  where: 'o.is_active',
  tieBreaker: 'o.choice_id',
};

const listNames = ORGANIZATION_CHOICE_LISTS.join(' or ');

/** A new entry in the REST names, with the rules the console's form checks. */
export const organizationChoiceBody = requestSchema(
  'OrganizationChoiceForm',
  restSchema(organizationChoiceInput, ORGANIZATION_CHOICE_REST_FIELDS),
);
/** An entry's new name, or whether it is offered (IsActive: false retires it); its list never changes. */
export const organizationChoiceChangesBody = requestSchema(
  'OrganizationChoiceChanges',
  restSchema(organizationChoiceRenameInput, ORGANIZATION_CHOICE_REST_FIELDS)
    .partial()
    .extend({ IsActive: z.boolean({ error: 'IsActive is true or false' }).optional() })
    .refine((body) => Object.values(body).some((value) => value !== undefined), 'Send the new ChoiceName or IsActive'),
);
export const organizationChoiceQuery = recordQuery('ChoiceId');

type ChoiceRow = {
  ChoiceId: number;
  ChoiceList: (typeof ORGANIZATION_CHOICE_LISTS)[number];
  ChoiceName: string;
  IsActive: boolean;
  OrganizationCount: number;
};

const duplicateMessage = (list: ChoiceRow['ChoiceList']) => `The ${ORGANIZATION_CHOICE_WORDS[list].one} list has this name already`;

const choice: Master<ChoiceRow, 'organizationChoice'> = {
  entity: 'organizationChoice',
  table: 'organization_choices',
  key: 'choice_id',
  query: organizationChoiceQuery,
  idField: 'ChoiceId',
  read: (db, choiceId, lock) => recordById(db, organizationChoices, 'o.choice_id', choiceId, lock ? 'o' : undefined),
  described: ({ ChoiceList, ChoiceName, IsActive }) => ({ ChoiceList, ChoiceName, IsActive }),
  duplicates: { organization_choices_name_key: ['This list has this name already', 'ChoiceName'] },
};

async function refuseTaken(db: Queryable, list: ChoiceRow['ChoiceList'], name: string, exceptChoiceId: number | null) {
  const [taken] = await db.query(
    'SELECT 1 FROM organization_choices WHERE choice_list = $1 AND lower(choice_name) = lower($2) AND choice_id IS DISTINCT FROM $3',
    [list, name, exceptChoiceId],
  );
  if (taken) throw new HttpError('CONFLICT', duplicateMessage(list), 'ChoiceName');
}

export const organizationChoiceRecord = answerSchema('OrganizationChoice', recordOf(organizationChoiceFields));
const offeredChoiceRecord = answerSchema('OfferedOrganizationChoice', recordOf({ ChoiceList, ChoiceName }));

/**
 * The provider's lists of business verticals and client types, which organisations choose from:
 * list, add, rename (organisations and enquiries that chose the entry follow), retire or reactivate,
 * and delete unused entries. SuperAdmins only; the entries on offer are public for the sign-up form.
 */
export const organizationChoiceRoutes = [
  listRoute({
    path: OFFERED_ORGANIZATION_CHOICES_PATH,
    access: 'gateway',
    operationId: 'listOfferedOrganizationChoices',
    tag: 'Enquiries',
    summary: `The business verticals and client types a company can choose from when it signs up (ChoiceList ${listNames})`,
    resource: offeredChoices,
    rows: 'OfferedOrganizationChoices',
    record: offeredChoiceRecord,
  }),

  listRoute({
    path: ORGANIZATION_CHOICES_PATH,
    access: 'superAdmin',
    operationId: 'listOrganizationChoices',
    tag: 'Platform',
    summary: `The business verticals and client types (ChoiceList ${listNames}), with how many organisations chose each`,
    resource: organizationChoices,
    rows: 'OrganizationChoices',
    record: organizationChoiceRecord,
  }),

  route(
    {
      method: 'post',
      path: ORGANIZATION_CHOICES_PATH,
      access: 'superAdmin',
      operationId: 'createOrganizationChoice',
      tag: 'Platform',
      summary: 'Add a business vertical or client type; organisations can choose it at once',
      body: organizationChoiceBody,
      responses: {
        201: { description: 'The new entry', body: organizationChoiceRecord },
        400: refused('BAD_REQUEST naming the field: no such list, or the name missing or too long'),
        409: refused('CONFLICT (field ChoiceName): the list has this name already, whatever its case'),
      },
    },
    createRecord(choice, organizationChoiceBody, async (tx, body) => {
      await refuseTaken(tx, body.ChoiceList, body.ChoiceName, null);
      const [row] = await tx.query<{ choice_id: number }>(
        'INSERT INTO organization_choices (choice_list, choice_name) VALUES ($1, $2) RETURNING choice_id',
        [body.ChoiceList, body.ChoiceName],
      );
      return row!.choice_id;
    }),
  ),

  route(
    {
      method: 'patch',
      path: ORGANIZATION_CHOICES_PATH,
      access: 'superAdmin',
      operationId: 'updateOrganizationChoice',
      tag: 'Platform',
      summary:
        'Rename an entry (the organisations and enquiries that chose it follow), or retire it (IsActive: false) so it can no longer be newly chosen, or offer it again',
      query: organizationChoiceQuery,
      body: organizationChoiceChangesBody,
      responses: {
        200: { description: 'The entry as changed', body: organizationChoiceRecord },
        400: refused('BAD_REQUEST naming the field, or no field to change'),
        404: refused('NOT_FOUND: no such entry'),
        409: refused('CONFLICT (field ChoiceName): the list has this name already'),
      },
    },
    changeRecord(choice, organizationChoiceChangesBody, retiringOr('rename'), async (tx, choiceId, changes, before) => {
      if (changes.ChoiceName !== undefined && changes.ChoiceName !== before.ChoiceName) {
        await refuseTaken(tx, before.ChoiceList, changes.ChoiceName, choiceId);
        const column = CHOICE_COLUMNS[before.ChoiceList];
        for (const table of ['clients', 'enquiries']) {
          await tx.query(`UPDATE ${table} SET ${column} = $2 WHERE ${column} = $1`, [before.ChoiceName, changes.ChoiceName]);
        }
      }
      await tx.query(
        'UPDATE organization_choices SET choice_name = coalesce($2, choice_name), is_active = coalesce($3, is_active) WHERE choice_id = $1',
        [choiceId, changes.ChoiceName ?? null, changes.IsActive ?? null],
      );
    }),
  ),

  route(
    {
      method: 'delete',
      path: ORGANIZATION_CHOICES_PATH,
      access: 'superAdmin',
      operationId: 'deleteOrganizationChoice',
      tag: 'Platform',
      summary: 'Delete an entry no organisation has chosen',
      query: organizationChoiceQuery,
      responses: {
        204: { description: 'Deleted' },
        400: refused('BAD_REQUEST: the entry is not named as ChoiceId=eq.<id>'),
        404: refused('NOT_FOUND: no such entry'),
        409: refused('CONFLICT (field ChoiceId): organisations chose the entry; retire it instead'),
      },
    },
    deleteRecord(choice, (_tx, { OrganizationCount, ChoiceName, ChoiceList }) => {
      if (OrganizationCount === 0) return null;
      const organisations = OrganizationCount === 1 ? '1 organisation has' : `${OrganizationCount} organisations have`;
      return `${organisations} ${ChoiceName} as ${ORGANIZATION_CHOICE_WORDS[ChoiceList].one}; retire it instead`;
    }),
  ),
];
