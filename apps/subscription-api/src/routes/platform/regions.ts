import { Router } from 'express';
import type { Database } from '../../db/database';
import { viewerOf } from '../../http/auth';
import { listResource, type ResourceDefinition } from '../../http/resource';
import { requireSuperAdmin } from './access';

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

/** The regions master for the provider's SuperAdmins. */
export function platformRegionRoutes(db: Database): Router {
  const router = Router();

  router.get(REGIONS_PATH, requireSuperAdmin, async (req, res) => {
    res.json(await listResource(db, regions, req, res, viewerOf(res)));
  });

  return router;
}
