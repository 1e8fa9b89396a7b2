import { z } from 'zod';
import type { TypeOfUser } from '@yozy/shared';
import { recordOf } from '#http/resource';
import { clientFields } from '#domain/organizations';
import { clientUserFields } from '#domain/people';
import { answerSchema } from './components';

/**
 * The answers several route files share, checked against real answers by the tests beside this
 * file; an answer of one route file is declared there, beside its operations.
 */

const TYPES_OF_USER = ['SuperAdmin', 'OrgAdmin', 'User'] as const satisfies readonly TypeOfUser[];
const _everyTypeOfUser: [Exclude<TypeOfUser, (typeof TYPES_OF_USER)[number]>] extends [never] ? true : never = true;

export const clientRecord = answerSchema(
  'Client',
  recordOf(clientFields, [
    'AddressLine1',
    'AddressLine2',
    'City',
    'State',
    'Country',
    'CountryCode',
    'Pincode',
    'ClientContactName',
    'ClientDesignation',
    'ClientType',
    'NatureOfBusiness',
    'BusinessVertical',
    'ClientRevenueInUSD',
    'LicenceExpiresOn',
  ]),
);

export const profile = answerSchema(
  'Profile',
  z.strictObject({
    ClientUserId: z.int(),
    UUID: z.uuid(),
    UserFirstname: z.string(),
    UserLastname: z.string(),
    OfficialEmail: z.string(),
    Phone: z.string().nullable(),
    TypeOfUser: z.enum(TYPES_OF_USER),
    Role: z.string().nullable().meta({ description: 'The first of the roles assigned to the user, if any' }),
    ClientId: z.int(),
    OrgDetails: clientRecord,
  }),
);

export const signInAnswer = answerSchema(
  'SignInAnswer',
  z.strictObject({
    token: z.string().meta({ description: 'The session token, sent back as Authorization: Bearer <token>' }),
    expiresAt: z.iso.datetime(),
    keepSignedIn: z.boolean().meta({
      description:
        'The person chose to be kept signed in: the session lasts a day and its cookie outlives the browser; otherwise three hours, in a cookie that ends with the browser',
    }),
    user: profile,
  }),
);

const signInChallengeAnswer = answerSchema(
  'SignInChallenge',
  z.strictObject({
    twoFactor: z.enum(['code', 'enrol']).meta({
      description:
        'What the person must do before a session starts: give a code of their authenticator (code), or set two-factor up first because their organization requires it (enrol)',
    }),
    challenge: z.string().meta({ description: 'The single-use step of this sign-in, sent back with the code' }),
    challengeExpiresAt: z.iso.datetime(),
  }),
);

/** What the password step of a sign-in answers: a session, or the step that asks for a code. */
export const signInStepAnswer = answerSchema('SignInStep', z.union([signInAnswer, signInChallengeAnswer]));

export const twoFactorStatusAnswer = answerSchema(
  'TwoFactorStatus',
  z.strictObject({
    enabled: z.boolean(),
    enabledAt: z.iso.datetime().nullable(),
    recoveryCodesLeft: z.int(),
  }),
);

export const resetRequestAnswer = answerSchema('PasswordResetRequested', z.strictObject({ accepted: z.literal(true) }));

export const clientUserRecord = answerSchema('ClientUser', recordOf(clientUserFields, ['Phone', 'DepartmentName', 'DepartmentCode']));
