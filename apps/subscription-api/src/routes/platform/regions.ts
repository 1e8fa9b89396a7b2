import { Router } from 'express';
import { z } from 'zod';
import { REGION_REST_FIELDS, regionInput, regionRenameInput, restSchema } from '@yozy/shared';
import type { Database, Queryable } from '../../db/database';
import { audit, changedFields } from '../../domain/audit';
import { requireSuperAdmin, viewerOf } from '../../http/auth';
import { HttpError, parseBody, settleDuplicates } from '../../http/errors';
import { clientOf } from '../../http/gateway';
import { listResource, recordById, recordIdOf, recordQuery, type ResourceDefinition, recordOf } from '../../http/resource';

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
export const regionBody = restSchema(regionInput, REGION_REST_FIELDS);
/** A region's new name, or whether it is offered (IsActive: false retires it); the code never changes. */
export const regionChangesBody = restSchema(regionRenameInput, REGION_REST_FIELDS)
  .partial()
  .extend({ IsActive: z.boolean({ error: 'IsActive is true or false' }).optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Send the new RegionName or IsActive');
export const regionQuery = recordQuery('RegionId');

type RegionRow = { RegionId: number; RegionCode: string; RegionName: string; IsActive: boolean; OrganizationCount: number };

const DUPLICATE_CODE = 'Another region has this code';
const DUPLICATE_NAME = 'Another region has this name';

/** Two requests racing past the checks: the unique indexes settle it. */
const DUPLICATES = {
  regions_region_code_key: [DUPLICATE_CODE, 'RegionCode'],
  regions_region_name_key: [DUPLICATE_NAME, 'RegionName'],
} as const;

const regionById = (db: Queryable, regionId: number, lock = false) =>
  recordById<RegionRow>(db, regions, 'r.region_id', regionId, lock ? 'r' : undefined);

/** What the audit log keeps of a region. */
const described = ({ RegionCode, RegionName, IsActive }: RegionRow) => ({ RegionCode, RegionName, IsActive });

async function refuseTaken(db: Queryable, region: { RegionCode?: string; RegionName?: string }, exceptRegionId: number | null) {
  const [taken] = await db.query<{ code: boolean; name: boolean }>(
    `SELECT bool_or(region_code = $1) AS code, bool_or(lower(region_name) = lower($2)) AS name
       FROM regions WHERE region_id IS DISTINCT FROM $3`,
    [region.RegionCode ?? null, region.RegionName ?? null, exceptRegionId],
  );
  if (taken?.code) throw new HttpError('CONFLICT', DUPLICATE_CODE, 'RegionCode');
  if (taken?.name) throw new HttpError('CONFLICT', DUPLICATE_NAME, 'RegionName');
}

export const regionRecord = recordOf(regionFields);

/** The regions master for the provider's SuperAdmins: list, add, rename, retire or reactivate, and delete unused regions. */
export function platformRegionRoutes(db: Database): Router {
  const router = Router();

  router.get(REGIONS_PATH, requireSuperAdmin, async (req, res) => {
    res.json(await listResource(db, regions, req, res, viewerOf(res)));
  });

  router.post(REGIONS_PATH, requireSuperAdmin, async (req, res) => {
    const region = parseBody(regionBody, req.body);
    const viewer = viewerOf(res);
    const created = await settleDuplicates(
      () =>
        db.transaction(async (tx) => {
          await refuseTaken(tx, region, null);
          const [row] = await tx.query<{ region_id: number }>(
            'INSERT INTO regions (region_code, region_name) VALUES ($1, $2) RETURNING region_id',
            [region.RegionCode, region.RegionName],
          );
          const saved = (await regionById(tx, row!.region_id))!;
          await audit(tx, {
            clientId: null,
            actorUserId: viewer.userId,
            action: 'region.create',
            entityType: 'region',
            entityId: saved.RegionId,
            after: described(saved),
            ip: clientOf(req, res).ip,
          });
          return saved;
        }),
      DUPLICATES,
    );
    res.status(201).json(created);
  });

  router.patch(REGIONS_PATH, requireSuperAdmin, async (req, res) => {
    const regionId = recordIdOf(regionQuery, 'RegionId', req);
    const changes = parseBody(regionChangesBody, req.body);
    const viewer = viewerOf(res);
    const saved = await settleDuplicates(
      () =>
        db.transaction(async (tx) => {
          const before = await regionById(tx, regionId, true);
          if (!before) throw new HttpError('NOT_FOUND', 'There is no such region', 'RegionId');
          if (changes.RegionName !== undefined) await refuseTaken(tx, { RegionName: changes.RegionName }, regionId);
          await tx.query(
            'UPDATE regions SET region_name = coalesce($2, region_name), is_active = coalesce($3, is_active) WHERE region_id = $1',
            [regionId, changes.RegionName ?? null, changes.IsActive ?? null],
          );
          const after = (await regionById(tx, regionId))!;
          const diff = changedFields(described(before), described(after));
          if (Object.keys(diff.after).length) {
            await audit(tx, {
              clientId: null,
              actorUserId: viewer.userId,
              action: 'IsActive' in diff.after ? (after.IsActive ? 'region.reactivate' : 'region.retire') : 'region.rename',
              entityType: 'region',
              entityId: regionId,
              ...diff,
              ip: clientOf(req, res).ip,
            });
          }
          return after;
        }),
      DUPLICATES,
    );
    res.json(saved);
  });

  router.delete(REGIONS_PATH, requireSuperAdmin, async (req, res) => {
    const regionId = recordIdOf(regionQuery, 'RegionId', req);
    const viewer = viewerOf(res);
    await db.transaction(async (tx) => {
      const before = await regionById(tx, regionId, true);
      if (!before) throw new HttpError('NOT_FOUND', 'There is no such region', 'RegionId');
      if (before.OrganizationCount > 0) {
        const organisations = before.OrganizationCount === 1 ? '1 organisation names' : `${before.OrganizationCount} organisations name`;
        throw new HttpError('CONFLICT', `${organisations} ${before.RegionName} among its default regions; retire it instead`, 'RegionId');
      }
      await tx.query('DELETE FROM regions WHERE region_id = $1', [regionId]);
      await audit(tx, {
        clientId: null,
        actorUserId: viewer.userId,
        action: 'region.delete',
        entityType: 'region',
        entityId: regionId,
        before: described(before),
        ip: clientOf(req, res).ip,
      });
    });
    res.status(204).end();
  });

  return router;
}
