import type { Request, Response } from 'express';
import { z } from 'zod';
import { viewerOf, type Viewer } from './auth';
import { HttpError } from './errors';

const ACTS_FOR = 'The organization; the caller’s own when left out (only a SuperAdmin may name another)';

/**
 * The optional `ClientId` of a query: the organisation a SuperAdmin acts for, the caller's own when
 * left out; targetOrganization reads and checks it. `description` words it for an operation that
 * says more (null: none).
 */
export const clientIdQuery = (description: string | null = ACTS_FOR) => {
  const field = z.string().optional();
  return description === null ? field : field.meta({ description });
};

/** The optional `ClientId` of a JSON body, as clientIdQuery: a number, or its digits. */
export const clientIdBody = (description: string = ACTS_FOR) => z.union([z.int(), z.string()]).optional().meta({ description });

/**
 * The organisation a call acts on. An organisation's admin acts on their own, and naming another
 * is refused; a SuperAdmin acts on the one named, or on their own when none is. Members never
 * reach here (requireAdmin comes first).
 */
export function targetOrganization(viewer: Viewer, requested: unknown, field = 'ClientId'): number {
  if (requested === undefined || requested === null || requested === '') return viewer.clientId;
  const id =
    typeof requested === 'number' ? requested : typeof requested === 'string' && /^\d{1,10}$/.test(requested) ? Number(requested) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new HttpError('BAD_REQUEST', 'The organization id must be a whole number', field);
  }
  if (viewer.typeOfUser !== 'SuperAdmin' && id !== viewer.clientId) {
    throw new HttpError('FORBIDDEN', 'You can only see and change your own organization', field);
  }
  return id;
}

/**
 * The same request with the organisation filter a list needs: an organisation admin's is added by
 * the tenant scope anyway; a SuperAdmin who names none gets their own organisation, never everyone's.
 */
export function withOrganisation(req: Request, res: Response): Request {
  if (req.query.ClientId !== undefined) return req;
  const query = { ...req.query, ClientId: `eq.${viewerOf(res).clientId}` };
  return Object.create(req, { query: { value: query, enumerable: true } }) as Request;
}
