import { ONLY_SUPER_ADMIN_MAY, type CellContext, type Operation } from '../../../support/tenantMatrix';
import { matrixLicence } from '../fixtures';

/** The other organisation's licences: what a refused licence action must leave as they were. */
const licencesOf = ({ db, other }: CellContext) =>
  db.query('SELECT licence_id, plan_id, valid_till, is_active FROM licences WHERE client_id = $1 ORDER BY licence_id', [Number(other.id)]);

const LICENCE_PAYLOAD = 'licence { id organizationId planName capacity validTill isActive seatsUsed } errors { code field }';

/** Licences: an organisation's subscriptions, their plans and renewals. */
export const LICENCES: Record<string, Operation> = {
  'Mutation.addLicence': {
    call: async (cell) => {
      const { productId, planIds } = await matrixLicence(cell, { licensed: false });
      return {
        document: `mutation ($input: AddLicenceInput!) { addLicence(input: $input) { ${LICENCE_PAYLOAD} } }`,
        variables: { input: { organizationId: cell.other.id, productId, planId: planIds[0], validTill: '2099-01-31' } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: licencesOf },
  },
  'Mutation.extendLicence': {
    call: async (cell) => ({
      document: `mutation ($input: ExtendLicenceInput!) { extendLicence(input: $input) { ${LICENCE_PAYLOAD} } }`,
      variables: { input: { id: (await matrixLicence(cell)).licenceId, validTill: '2099-01-31' } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: licencesOf },
  },
  'Mutation.changeLicencePlan': {
    call: async (cell) => {
      const { licenceId, planIds } = await matrixLicence(cell);
      return {
        document: `mutation ($input: ChangeLicencePlanInput!) { changeLicencePlan(input: $input) { ${LICENCE_PAYLOAD} } }`,
        variables: { input: { id: licenceId, planId: planIds[1] } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: licencesOf },
  },
  'Mutation.setLicenceActive': {
    call: async (cell) => ({
      document: `mutation ($input: SetLicenceActiveInput!) { setLicenceActive(input: $input) { ${LICENCE_PAYLOAD} } }`,
      variables: { input: { id: (await matrixLicence(cell)).licenceId, isActive: false } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: licencesOf },
  },
  'Query.licences': {
    call: ({ other }) => ({
      document:
        'query ($id: ID) { licences(organizationId: $id, page: { limit: 100 }) { totalCount nodes { id productName planName validTill seatsUsed seatsCapacity } } }',
      variables: { id: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.requestLicenceRenewal': {
    call: async (cell) => ({
      document:
        'mutation ($input: RequestLicenceRenewalInput!) { requestLicenceRenewal(input: $input) { licence { id renewalRequestedAt } errors { code field } } }',
      variables: { input: { licenceId: (await matrixLicence(cell)).licenceId } },
    }),
    // Only an organisation's own admins ask, for their own licences: another's is not there.
    may: {
      anonymous: 'UNAUTHENTICATED',
      memberOfA: 'FORBIDDEN',
      orgAdminOfA: 'NOT_FOUND',
      orgAdminOfB: 'NOT_FOUND',
      superAdmin: 'FORBIDDEN',
    },
    touches: {
      rows: ({ db, other }) =>
        db.query('SELECT enquiry_id FROM enquiries WHERE client_id = $1 AND licence_id IS NOT NULL ORDER BY enquiry_id', [
          Number(other.id),
        ]),
      unchanged: 'always',
    },
  },
};
