import { z } from 'zod';
import { REGION_REST_FIELDS, regionInput, regionRenameInput, restSchema } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { HttpError } from '#http/errors';
import { recordById, recordQuery, type ResourceDefinition, recordOf } from '#http/resource';
import { listRoute, route } from '#http/route';
import { changeRecord, createRecord, deleteRecord, retiringOr, type Master } from '#domain/masters';
import { refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';

export const REGIONS_PATH = '/platform/regions';

/** The regions the provider offers, with how many organisations name each among their defaults. */
export const regionFields = {
  RegionId: { sql: 'r.region_id', type: 'int' },
  RegionCode: { sql: 'r.region_code', type: 'text', searchable: true, sort: { index: 'regions_code_sort_idx' } },
  RegionName: {
    sql: 'r.region_name',
    type: 'text',
    searchable: true,
    sort: { index: 'regions_name_sort_idx', by: 'lower(r.region_name)' },
  },
  IsActive: { sql: 'r.is_active', type: 'bool' },
  OrganizationCount: {
    sql: '(SELECT count(*)::int FROM org_settings s WHERE s.default_regions @> ARRAY[r.region_code])',
    type: 'int',
  },
} satisfies ResourceDefinition['fields'];

export const regions: ResourceDefinition = {
  from: 'regions r',
  fields: regionFields,
  tieBreaker: 'r.region_id',
};

/** A new region in the REST names, with the rules the console's form checks. */
export const regionBody = requestSchema('RegionForm', restSchema(regionInput, REGION_REST_FIELDS));
/** A region's new name, or whether it is offered (IsActive: false retires it); the code never changes. */
export const regionChangesBody = requestSchema(
  'RegionChanges',
  restSchema(regionRenameInput, REGION_REST_FIELDS)
    .partial()
    .extend({ IsActive: z.boolean({ error: 'IsActive is true or false' }).optional() })
    .refine((body) => Object.values(body).some((value) => value !== undefined), 'Send the new RegionName or IsActive'),
);
export const regionQuery = recordQuery('RegionId');

type RegionRow = { RegionId: number; RegionCode: string; RegionName: string; IsActive: boolean; OrganizationCount: number };

const DUPLICATE_CODE = 'Another region has this code';
const DUPLICATE_NAME = 'Another region has this name';

const region: Master<RegionRow, 'region'> = {
  entity: 'region',
  table: 'regions',
  key: 'region_id',
  query: regionQuery,
  idField: 'RegionId',
  read: (db, regionId, lock) => recordById(db, regions, 'r.region_id', regionId, lock ? 'r' : undefined),
  described: ({ RegionCode, RegionName, IsActive }) => ({ RegionCode, RegionName, IsActive }),
  duplicates: {
    regions_region_code_key: [DUPLICATE_CODE, 'RegionCode'],
    regions_region_name_key: [DUPLICATE_NAME, 'RegionName'],
  },
};

async function refuseTaken(db: Queryable, region: { RegionCode?: string; RegionName?: string }, exceptRegionId: number | null) {
  const [taken] = await db.query<{ code: boolean; name: boolean }>(
    `SELECT bool_or(region_code = $1) AS code, bool_or(lower(region_name) = lower($2)) AS name
       FROM regions WHERE region_id IS DISTINCT FROM $3`,
    [region.RegionCode ?? null, region.RegionName ?? null, exceptRegionId],
  );
  if (taken?.code) throw new HttpError('CONFLICT', DUPLICATE_CODE, 'RegionCode');
  if (taken?.name) throw new HttpError('CONFLICT', DUPLICATE_NAME, 'RegionName');
}

export const regionRecord = answerSchema('Region', recordOf(regionFields));

/** The regions master for the provider's SuperAdmins: list, add, rename, retire or reactivate, and delete unused regions. */
export const platformRegionRoutes = [
  listRoute({
    path: REGIONS_PATH,
    access: 'superAdmin',
    operationId: 'listRegions',
    tag: 'Platform',
    summary: 'The regions master, with how many organizations name each region among their defaults',
    resource: regions,
    rows: 'Regions',
    record: regionRecord,
  }),

  route(
    {
      method: 'post',
      path: REGIONS_PATH,
      access: 'superAdmin',
      operationId: 'createRegion',
      idempotent: true,
      tag: 'Platform',
      summary: 'Add a region; organizations can name it among their defaults at once',
      body: regionBody,
      responses: {
        201: { description: 'The new region', body: regionRecord },
        400: refused('BAD_REQUEST naming the field: missing, too long, or a code of other characters'),
        409: refused('CONFLICT (field RegionCode or RegionName): another region has this code or name'),
      },
    },
    createRecord(region, regionBody, async (tx, body) => {
      await refuseTaken(tx, body, null);
      const [row] = await tx.query<{ region_id: number }>(
        'INSERT INTO regions (region_code, region_name) VALUES ($1, $2) RETURNING region_id',
        [body.RegionCode, body.RegionName],
      );
      return row!.region_id;
    }),
  ),

  route(
    {
      method: 'patch',
      path: REGIONS_PATH,
      access: 'superAdmin',
      operationId: 'updateRegion',
      tag: 'Platform',
      summary: 'Rename a region, or retire it (IsActive: false) so it can no longer be chosen, or offer it again; its code never changes',
      query: regionQuery,
      body: regionChangesBody,
      responses: {
        200: { description: 'The region as changed', body: regionRecord },
        400: refused('BAD_REQUEST naming the field, or no field to change'),
        404: refused('NOT_FOUND: no such region'),
        409: refused('CONFLICT (field RegionName): another region has this name'),
      },
    },
    changeRecord(region, regionChangesBody, retiringOr('rename'), async (tx, regionId, changes) => {
      if (changes.RegionName !== undefined) await refuseTaken(tx, { RegionName: changes.RegionName }, regionId);
      await tx.query(
        'UPDATE regions SET region_name = coalesce($2, region_name), is_active = coalesce($3, is_active) WHERE region_id = $1',
        [regionId, changes.RegionName ?? null, changes.IsActive ?? null],
      );
    }),
  ),

  route(
    {
      method: 'delete',
      path: REGIONS_PATH,
      access: 'superAdmin',
      operationId: 'deleteRegion',
      tag: 'Platform',
      summary: 'Delete a region no organization names among its defaults',
      query: regionQuery,
      responses: {
        204: { description: 'Deleted' },
        400: refused('BAD_REQUEST: the region is not named as RegionId=eq.<id>'),
        404: refused('NOT_FOUND: no such region'),
        409: refused('CONFLICT (field RegionId): organizations name the region among their defaults; retire it instead'),
      },
    },
    deleteRecord(region, (_tx, { OrganizationCount, RegionName }) => {
      if (OrganizationCount === 0) return null;
      const organisations = OrganizationCount === 1 ? '1 organization names' : `${OrganizationCount} organizations name`;
      return `${organisations} ${RegionName} among its default regions; retire it instead`;
    }),
  ),
];
