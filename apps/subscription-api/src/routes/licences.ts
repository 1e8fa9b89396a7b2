import { Router } from 'express';
import type { Database } from '../db/database';
import { seatsOf } from '../domain/seats';
import { requireAdmin, viewerOf } from '../http/auth';
import { listResource, type ResourceDefinition } from '../http/resource';

/** An organisation's licences with their product and plan (the provider's `fun_orgsubscriptiondetails`). */
export const licenceFields = {
  LicenceId: { sql: 'l.licence_id', type: 'int' },
  ClientId: { sql: 'l.client_id', type: 'int' },
  ProductId: { sql: 'l.product_id', type: 'int' },
  ProductName: { sql: 'pr.product_name', type: 'text', searchable: true },
  PlanId: { sql: 'l.plan_id', type: 'int' },
  PlanName: { sql: 'pl.plan_name', type: 'text', searchable: true },
  PlanGroup: { sql: 'pl.plan_group', type: 'text' },
  Cost: { sql: 'pl.cost', type: 'number' },
  Currency: { sql: 'pl.currency', type: 'text' },
  Frequency: { sql: 'pl.frequency', type: 'text' },
  Capacity: { sql: 'pl.capacity', type: 'int' },
  ValidTill: { sql: 'l.valid_till', type: 'date', sort: { index: 'licences_valid_till_sort_idx' } },
  IsActive: { sql: 'l.is_active', type: 'bool' },
} satisfies ResourceDefinition['fields'];

export const licences: ResourceDefinition = {
  from: 'licences l JOIN products pr ON pr.product_id = l.product_id JOIN plans pl ON pl.plan_id = l.plan_id',
  fields: licenceFields,
  tenantField: 'ClientId',
  tieBreaker: 'l.licence_id',
};

export function licenceRoutes(db: Database): Router {
  const router = Router();

  /**
   * Each licence with the seats of its product in its organisation: every active, unexpired
   * licence of the product gives its plan's capacity, and each active user with a role for the
   * product takes one (the same count that refuses a seat too many).
   */
  router.get('/subscription_client_license_details', requireAdmin, async (req, res) => {
    const rows = await listResource(db, licences, req, res, viewerOf(res));
    const seats = new Map<string, Promise<{ used: number; capacity: number }>>();
    const answer = await Promise.all(
      rows.map(async (row) => {
        const key = `${String(row.ClientId)}:${String(row.ProductId)}`;
        if (!seats.has(key)) seats.set(key, seatsOf(db, Number(row.ClientId), Number(row.ProductId)));
        const { used, capacity } = await seats.get(key)!;
        return { ...row, SeatsUsed: used, SeatsCapacity: capacity };
      }),
    );
    res.json(answer);
  });

  return router;
}
