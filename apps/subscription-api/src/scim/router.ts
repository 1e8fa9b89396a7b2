import express, { type Request, type RequestHandler, type Response } from 'express';
import { bearerChallenge, PROVISIONING_TOKEN_PREFIX, SCIM_BASE_URL_HEADER } from '@yozy/shared';
import { actingFor } from '#http/acting';
import { bearerToken } from '#http/auth';
import { hashToken } from '#security/tokens';
import type { Provisioner, ScimServices } from './context';
import { resourceTypes, schemas, serviceProviderConfig } from './discovery';
import { createGroup, deleteGroup, getGroup, listGroups, patchGroup, replaceGroup } from './groups';
import { answer, refuseNul, scimBodies, scimErrors, ScimError } from './protocol';
import { provisioningTokenFirstUsed } from './tokenEvents';
import { createUser, deleteUser, getUser, listUsers, patchUser, replaceUser } from './users';

export const SCIM_PATH = '/scim/v2';

const LAST_USED_RESOLUTION = "interval '1 minute'";

const invalidToken = (message: string) => new ScimError(401, message, undefined, { 'WWW-Authenticate': bearerChallenge('invalid_token') });

/**
 * Requires a live provisioning token of an organisation whose provisioning is on; the token
 * serves its own organisation only, whatever a request names. Its last use is kept to the minute,
 * and its first use is recorded once (tokenEvents.ts). Everything the request changes is audited
 * as made by the token.
 */
function provisioningToken(services: ScimServices): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) {
      throw new ScimError(401, 'Send the organization’s provisioning token as Authorization: Bearer <token>', undefined, {
        'WWW-Authenticate': bearerChallenge(),
      });
    }
    if (!token.startsWith(PROVISIONING_TOKEN_PREFIX)) throw invalidToken('This is not a provisioning token');
    const [row] = await services.db.query<Provisioner & { enabled: boolean; firstUse: boolean; usedAt: Date }>(
      `WITH holder AS (
         SELECT t.token_id, t.name, t.client_id, c.company_name, s.enabled, s.role_id, s.product_id,
                t.first_used_at IS NULL AS first_use,
                t.last_used_at IS NULL OR t.last_used_at < now() - ${LAST_USED_RESOLUTION} AS stale
           FROM provisioning_tokens t JOIN clients c ON c.client_id = t.client_id AND c.is_active
                LEFT JOIN provisioning_settings s ON s.client_id = t.client_id
          WHERE t.token_hash = $1 AND t.revoked_at IS NULL
       ), touched AS (
         UPDATE provisioning_tokens SET last_used_at = now() WHERE token_id = (SELECT token_id FROM holder WHERE stale)
       )
       SELECT token_id AS "tokenId", name AS "tokenName", client_id AS "clientId", company_name AS "companyName",
              coalesce(enabled, false) AS enabled, role_id AS "roleId", product_id AS "productId",
              first_use AS "firstUse", now() AS "usedAt"
         FROM holder`,
      [hashToken(token)],
      { prepare: true },
    );
    if (!row) throw invalidToken('The provisioning token is not valid or has been revoked');
    const { enabled, firstUse, usedAt, ...provisioner } = row;
    if (firstUse) {
      // Recorded once, whoever gets there first among requests racing with a new token; audited and told in the same transaction.
      await services.db.transaction(async (tx) => {
        const [first] = await tx.query(
          'UPDATE provisioning_tokens SET first_used_at = $2 WHERE token_id = $1 AND first_used_at IS NULL RETURNING token_id',
          [provisioner.tokenId, usedAt],
        );
        if (first) await provisioningTokenFirstUsed(tx, { ...provisioner, usedAt: new Date(usedAt) });
      });
    }
    if (!enabled)
      throw new ScimError(
        403,
        `Provisioning is turned off for ${provisioner.companyName}: an admin turns it on in its single sign-on settings`,
      );
    res.locals.provisioner = provisioner;
    res.locals.scimBaseUrl = req.get(SCIM_BASE_URL_HEADER) || SCIM_PATH;
    actingFor({ provisioningTokenId: provisioner.tokenId }, next);
  };
}

type ScimHandler = (req: Request, res: Response, services: ScimServices) => unknown;

/**
 * SCIM 2.0 (RFC 7643, RFC 7644) for an organisation's identity provider: Users, Groups and the
 * discovery endpoints, answered as `application/scim+json`, every refusal as SCIM's error message.
 * Served to the gateway only (it counts each token's requests), which serves it at `/scim/v2/`.
 */
export function scimRouter(services: ScimServices): express.Router {
  const router = express.Router({ caseSensitive: false });
  const handle = (handler: ScimHandler) => (req: Request, res: Response) => handler(req, res, services);
  router.use(scimBodies);
  router.use(express.json({ limit: '1mb', type: ['application/scim+json', 'application/json'] }));
  router.use((req, _res, next) => {
    refuseNul(req.query);
    next();
  });
  router.use(provisioningToken(services));

  router.get('/ServiceProviderConfig', serviceProviderConfig);
  router.get('/ResourceTypes', resourceTypes);
  router.get('/ResourceTypes/:id', resourceTypes);
  router.get('/Schemas', schemas);
  router.get('/Schemas/:id', schemas);

  router.get('/Users', handle(listUsers));
  router.post('/Users', handle(createUser));
  router.get('/Users/:id', handle(getUser));
  router.put('/Users/:id', handle(replaceUser));
  router.patch('/Users/:id', handle(patchUser));
  router.delete('/Users/:id', handle(deleteUser));

  router.get('/Groups', handle(listGroups));
  router.post('/Groups', handle(createGroup));
  router.get('/Groups/:id', handle(getGroup));
  router.put('/Groups/:id', handle(replaceGroup));
  router.patch('/Groups/:id', handle(patchGroup));
  router.delete('/Groups/:id', handle(deleteGroup));

  router.use((req, res) => {
    answer(res, 404, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '404',
      detail: `No SCIM endpoint at ${req.method} ${SCIM_PATH}${req.path}`,
    });
  });
  router.use(scimErrors);
  return router;
}
