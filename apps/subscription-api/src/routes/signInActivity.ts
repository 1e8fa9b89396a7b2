import { z } from 'zod';
import { recordId } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { auditIn, auditScope } from '#domain/audited';
import { inviteBody } from '#domain/people';
import { failureAddresses, recordSignInAttempt, SIGN_IN_REFUSALS } from '#domain/signInActivity';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody } from '#http/errors';
import { clientOf } from '#http/gateway';
import { type ResourceDefinition, recordOf } from '#http/resource';
import { clientIdQuery, targetOrganization, withOrganisation } from '#http/scope';
import { listRoute, route } from '#http/route';
import { refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';

/** One sign-in attempt of a person, as their page lists it. */
export const signInAttemptFields = {
  AttemptId: { sql: 'a.attempt_id', type: 'int' },
  UserId: { sql: 'a.user_id', type: 'int' },
  ClientId: { sql: 'a.client_id', type: 'int' },
  OccurredAt: {
    sql: 'a.occurred_at',
    type: 'timestamp',
    sort: { index: 'sign_in_attempts_user_sort_idx', by: 'a.user_id, a.occurred_at' },
  },
  Step: { sql: 'a.step', type: 'text' },
  Outcome: { sql: 'a.outcome', type: 'text' },
  Succeeded: { sql: 'a.succeeded', type: 'bool' },
  Ip: { sql: 'a.ip', type: 'text' },
  UserAgent: { sql: 'a.user_agent', type: 'text' },
} satisfies ResourceDefinition['fields'];

export const signInAttempts: ResourceDefinition = {
  from: 'sign_in_attempts a',
  fields: signInAttemptFields,
  tenantField: 'ClientId',
  tieBreaker: 'a.attempt_id',
};

export const signInAttemptRecord = answerSchema('SignInAttempt', recordOf(signInAttemptFields, ['Ip', 'UserAgent']));

/** POST /auth/sign-in-refusals: an attempt the gateway refused before asking for it to be checked. */
export const signInRefusalBody = requestSchema(
  'SignInRefusal',
  z
    .strictObject({
      Email: z.string().trim().min(1).max(320).optional().meta({ description: 'The account the password step named' }),
      Challenge: z.string().min(1).max(200).optional().meta({ description: 'The sign-in step (its token) a code was given to' }),
      Step: z.enum(['password', 'code', 'enrolment']).meta({ description: 'The step the attempt was refused at' }),
      Refusal: z.enum(SIGN_IN_REFUSALS).meta({
        description:
          'Which hold refused it: new browsers of an account under guessing, failures from this address, this browser’s own failures, or the address’s failures across accounts',
      }),
    })
    .refine((body) => (body.Email === undefined) !== (body.Challenge === undefined), {
      message: 'Name the account by its email, or the step by its token',
      path: ['Email'],
    }),
);

const personQuery = z.object({
  ClientId: clientIdQuery(),
  UserId: z
    .string({ error: 'Choose a person' })
    .regex(/^\d{1,10}$/, 'Choose a person')
    .meta({ description: 'The person, by ClientUserId' }),
});

/** GET /subscription/users/sign-in-failure-addresses */
export const failureAddressesQuery = personQuery.extend({
  Since: z.iso.datetime({ offset: true, error: 'Give Since as an ISO 8601 time' }).meta({ description: 'The earliest failure to look at' }),
});

export const failureAddressesAnswer = answerSchema(
  'SignInFailureAddresses',
  z.strictObject({
    Addresses: z.array(
      z.strictObject({
        Ip: z.string(),
        Step: z.enum(['password', 'code']).meta({ description: 'The password step, or the code steps together' }),
        Failures: z.int().min(1),
        LastAt: z.iso.datetime({ offset: true }),
      }),
    ),
  }),
);

/** The holds the gateway reports when it clears them, kept in the audit entry as they were. */
const heldBack = z.strictObject({
  Kind: z.enum(['new_browsers', 'one_address']),
  Step: z.enum(['password', 'code']),
  Address: z.string().max(64).nullable(),
  Until: z.iso.datetime({ offset: true }),
  Failures: z.int().min(0).max(1_000_000_000),
});

/** POST /subscription/users/sign-in-hold/clear */
export const clearSignInHoldBody = requestSchema(
  'SignInHoldClear',
  z.strictObject({
    ClientId: inviteBody.shape.ClientId,
    UserId: recordId('Choose a person').meta({ description: 'The person, by ClientUserId' }),
    Holds: z
      .array(heldBack)
      .min(1, 'There is no hold to clear')
      .max(100)
      .meta({ description: 'The holds being cleared, for the audit log' }),
  }),
);

export const signInHoldClearedAnswer = answerSchema(
  'SignInHoldCleared',
  z.strictObject({ UserId: z.int(), Email: z.string().meta({ description: 'The account whose counters the gateway clears' }) }),
);

/** The person of the organisation, or NOT_FOUND: another organisation's people are not there. */
async function personOf(db: Queryable, clientId: number, userId: number) {
  const [person] = await db.query<{ user_id: number; email: string }>(
    'SELECT user_id, email FROM client_users WHERE user_id = $1 AND client_id = $2',
    [userId, clientId],
  );
  if (!person) throw new HttpError('NOT_FOUND', 'This person is not of the organisation', 'UserId');
  return person;
}

type Hold = z.infer<typeof heldBack>;

/** A hold as the audit log keeps it, in words: "new browsers, password step, 12 failures". */
const holdWords = (hold: Hold) =>
  `${hold.Kind === 'new_browsers' ? 'new browsers' : (hold.Address ?? 'one address')}, ${hold.Step} step, ${hold.Failures} failure${hold.Failures === 1 ? '' : 's'}`;

const latest = (times: string[]) => new Date(Math.max(...times.map((time) => Date.parse(time)))).toISOString();

const NOT_OF_ORGANISATION = refused('NOT_FOUND (field UserId): the person is not of the organisation');

/**
 * A person's sign-in activity: every attempt of a known account (written where the step is
 * checked, and by the gateway for the attempts its holds refused), the addresses the gateway's
 * counters are kept under, and the clearing of its holds by an admin.
 */
export const signInActivityRoutes = [
  route(
    {
      method: 'post',
      path: '/auth/sign-in-refusals',
      access: 'gateway',
      operationId: 'recordSignInRefusal',
      tag: 'Session',
      summary: 'Record a sign-in attempt the gateway refused by one of its holds (gateway only)',
      description:
        'The account is named by the email of the password step, or by the token of the sign-in step a code was given to; an unknown one records nothing, with the same answer.',
      body: signInRefusalBody,
      responses: {
        204: { description: 'Recorded when the account is known' },
        400: refused('BAD_REQUEST: neither or both of Email and Challenge'),
      },
    },
    async (req, res, { db }) => {
      const { Email, Challenge, Step, Refusal } = parseBody(signInRefusalBody, req.body);
      const subject = Email !== undefined ? { email: Email } : { challenge: Challenge! };
      await recordSignInAttempt(db, subject, { step: Step, outcome: Refusal }, clientOf(req, res));
      res.status(204).end();
    },
  ),

  listRoute({
    path: '/subscription_user_sign_ins',
    access: 'admin',
    operationId: 'listSignInAttempts',
    tag: 'Users',
    summary: 'Sign-in attempts of the people of one organization (UserId=eq.… for one person), kept 90 days',
    description:
      'Step is password, code, recovery_code, enrolment or sso; Outcome is signed_in, code_asked or enrolment_asked for an attempt that passed, otherwise why it failed (wrong_password, deactivated, no_password, organization_inactive, sso_required, awaiting_approval, wrong_code, used_code, wrong_recovery_code, step_ended) or which hold of the gateway refused it (held_new_browsers, held_address, held_browser, address_limit).',
    resource: signInAttempts,
    rows: 'Sign-in attempts',
    record: signInAttemptRecord,
    scope: withOrganisation,
  }),

  route(
    {
      method: 'get',
      path: '/subscription/users/sign-in-failure-addresses',
      access: 'admin',
      operationId: 'listSignInFailureAddresses',
      tag: 'Users',
      summary: 'The addresses a person’s sign-ins failed from since a time, for the gateway to read its counters of them',
      query: failureAddressesQuery,
      responses: {
        200: { description: 'The addresses, latest failure first', body: failureAddressesAnswer },
        400: refused('BAD_REQUEST: UserId or Since missing or malformed, or a ClientId that is not a whole number'),
        404: NOT_OF_ORGANISATION,
      },
    },
    async (req, res, { db }) => {
      const query = parseBody(failureAddressesQuery, req.query);
      const person = await personOf(db, targetOrganization(viewerOf(res), query.ClientId), Number(query.UserId));
      res.json({ Addresses: await failureAddresses(db, person.user_id, new Date(query.Since)) });
    },
  ),

  route(
    {
      method: 'post',
      path: '/subscription/users/sign-in-hold/clear',
      access: 'admin',
      operationId: 'clearSignInHold',
      tag: 'Users',
      summary: 'Record that an admin clears the holds on a person’s sign-in; the gateway then clears its counters of the account',
      description:
        'Audit user.sign_in_hold_clear with the holds before (kind, step, address, until when, failures) and none after, by whom and from where. Read-only API keys are refused.',
      body: clearSignInHoldBody,
      responses: {
        200: { description: 'The account whose counters to clear', body: signInHoldClearedAnswer },
        400: refused('BAD_REQUEST: UserId missing or not a whole number, no holds, or a ClientId that is not one'),
        404: NOT_OF_ORGANISATION,
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      const body = parseBody(clearSignInHoldBody, req.body);
      const clientId = targetOrganization(viewer, body.ClientId);
      const person = await db.transaction(async (tx) => {
        const person = await personOf(tx, clientId, body.UserId);
        await auditIn(tx, auditScope(req, res, clientId), {
          action: 'user.sign_in_hold_clear',
          entityType: 'user',
          entityId: person.user_id,
          before: { heldBack: true, heldUntil: latest(body.Holds.map((hold) => hold.Until)), holds: body.Holds.map(holdWords) },
          after: { heldBack: false, heldUntil: null, holds: [] },
        });
        return person;
      });
      res.json({ UserId: person.user_id, Email: person.email });
    },
  ),
];
