import { z } from 'zod';
import { recordId } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { inviteBody } from '#domain/people';
import { OWN_TWO_FACTOR_MESSAGE, resetTwoFactor, twoFactorStatus } from '#domain/twoFactor';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody } from '#http/errors';
import { clientOf } from '#http/gateway';
import { recordOf, type ResourceDefinition } from '#http/resource';
import { clientIdQuery, targetOrganization, withOrganisation } from '#http/scope';
import { listRoute, route } from '#http/route';
import { refused } from '#http/answers';
import { twoFactorStatusAnswer } from '#openapi/answers';
import { answerSchema, requestSchema } from '#openapi/components';

/** Who of one organisation has two-factor sign-in on, since when, with how many recovery codes left. */
export const personTwoFactorFields = {
  UserId: { sql: 't.user_id', type: 'int' },
  ClientId: { sql: 'u.client_id', type: 'int' },
  EnabledAt: { sql: 't.enabled_at', type: 'timestamp' },
  RecoveryCodesLeft: { sql: 'cardinality(t.recovery_code_hashes)', type: 'int' },
} satisfies ResourceDefinition['fields'];

export const personTwoFactor: ResourceDefinition = {
  from: 'two_factor t JOIN client_users u ON u.user_id = t.user_id',
  where: 't.enabled',
  fields: personTwoFactorFields,
  tenantField: 'ClientId',
  tieBreaker: 't.user_id',
};

/** GET /subscription/users/two-factor: one person's two-factor sign-in, as their admins see it. */
export const personTwoFactorQuery = z.object({
  ClientId: clientIdQuery(),
  UserId: z
    .string({ error: 'Choose a person' })
    .regex(/^\d{1,10}$/, 'Choose a person')
    .meta({ description: 'The person, by ClientUserId' }),
});

/** POST /subscription/users/two-factor/reset: remove a person's authenticator and recovery codes. */
export const twoFactorResetBody = requestSchema(
  'TwoFactorReset',
  z.object({
    ClientId: inviteBody.shape.ClientId,
    UserId: recordId('Choose a person').meta({ description: 'The person, by ClientUserId' }),
  }),
);

/** The person of the organisation, or NOT_FOUND: another organisation's people are not there. */
async function personOf(db: Queryable, clientId: number, userId: number) {
  const [person] = await db.query<{ user_id: number }>('SELECT user_id FROM client_users WHERE user_id = $1 AND client_id = $2', [
    userId,
    clientId,
  ]);
  if (!person) throw new HttpError('NOT_FOUND', 'This person is not of the organisation', 'UserId');
  return person.user_id;
}

export const personTwoFactorRecord = answerSchema('PersonTwoFactor', recordOf(personTwoFactorFields));

/** The two-factor sign-in of an organisation's people as their admins see it, and its reset for one who lost their authenticator. */
export const personTwoFactorRoutes = [
  listRoute({
    path: '/subscription_user_two_factor',
    access: 'admin',
    operationId: 'listPersonTwoFactor',
    tag: 'Users',
    summary:
      'The people of one organization who have two-factor sign-in on (UserId=in.(…) for some of them), since when and with how many recovery codes left; a person not listed has it off',
    resource: personTwoFactor,
    rows: 'Two-factor statuses',
    record: personTwoFactorRecord,
    scope: withOrganisation,
  }),

  route(
    {
      method: 'get',
      path: '/subscription/users/two-factor',
      access: 'admin',
      operationId: 'getPersonTwoFactor',
      tag: 'Users',
      summary: 'Whether a person of one organisation has two-factor sign-in on, and since when',
      query: personTwoFactorQuery,
      responses: {
        200: { description: 'Status', body: twoFactorStatusAnswer },
        400: refused('BAD_REQUEST: UserId missing or not a whole number, or a ClientId that is not one'),
        404: refused('NOT_FOUND (field UserId): the person is not of the organisation'),
      },
    },
    async (req, res, { db }) => {
      const query = parseBody(personTwoFactorQuery, req.query);
      const clientId = targetOrganization(viewerOf(res), query.ClientId);
      res.json(await twoFactorStatus(db, await personOf(db, clientId, Number(query.UserId))));
    },
  ),

  route(
    {
      method: 'post',
      path: '/subscription/users/two-factor/reset',
      access: 'admin',
      operationId: 'resetPersonTwoFactor',
      tag: 'Users',
      summary: "Reset a person's two-factor sign-in: their authenticator and recovery codes are removed",
      description:
        'For a person who lost their authenticator. Their live sessions go on; at their next sign-in they set two-factor up again when the organisation requires it, and otherwise sign in with their password alone until they turn it on. Audit two_factor.reset with the status before and after. Read-only API keys are refused.',
      body: twoFactorResetBody,
      responses: {
        200: { description: 'The status now (off)', body: twoFactorStatusAnswer },
        400: refused(`BAD_REQUEST: UserId missing or not a whole number, or "${OWN_TWO_FACTOR_MESSAGE}" (UserId)`),
        404: refused('NOT_FOUND (field UserId): the person is not of the organisation'),
        409: refused('CONFLICT (field UserId): the person does not have two-factor sign-in on'),
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      const body = parseBody(twoFactorResetBody, req.body);
      const clientId = targetOrganization(viewer, body.ClientId);
      const person = { userId: body.UserId, clientId };
      await db.transaction((tx) =>
        resetTwoFactor(tx, { userId: viewer.userId, clientId: viewer.clientId, ip: clientOf(req, res).ip }, person),
      );
      res.json(await twoFactorStatus(db, body.UserId));
    },
  ),
];
