import { EVERYONE_MAY, ONLY_SUPER_ADMIN_MAY, type CellContext, type Operation } from '../../../support/tenantMatrix';

/** A pending enquiry of the cell's own, for the provider's decisions. */
async function matrixEnquiry({ db, unique, products }: CellContext): Promise<string> {
  const email = `${unique}.${Math.random().toString(36).slice(2)}@decisions.example`;
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO enquiries (company_name, admin_first_name, admin_last_name, admin_email, product_id, plan_id)
     VALUES ('Matrix decision ' || $1, 'Matrix', 'Decision', $2, $3, $4) RETURNING enquiry_id AS id`,
    [unique, email, Number(products.productId), Number(products.planId)],
  );
  return String(row!.id);
}

/** What a decision would change: the cell's enquiries and anything created from them. */
const enquiryOutcomeOf = ({ db, unique }: CellContext) =>
  db.query(
    `SELECT e.enquiry_id, e.is_approved, e.client_id, (SELECT count(*)::int FROM client_users u WHERE lower(u.email) = lower(e.admin_email)) AS users
       FROM enquiries e WHERE e.company_name = 'Matrix decision ' || $1 ORDER BY e.enquiry_id`,
    [unique],
  );

/** Sign-up enquiries: the public form with its products, and the provider's decisions. */
export const ENQUIRIES: Record<string, Operation> = {
  'Query.products': {
    call: () => ({ document: '{ products { id name domain plans { id name } } }' }),
    may: EVERYONE_MAY,
  },
  'Mutation.submitEnquiry': {
    call: async ({ unique, captcha, products }) => ({
      document: 'mutation ($input: SubmitEnquiryInput!) { submitEnquiry(input: $input) { enquiryId errors { code field } } }',
      variables: {
        input: {
          companyName: `Matrix ${unique}`,
          adminFirstName: 'Matrix',
          adminLastName: 'Caller',
          adminEmail: `${unique}@matrix.example`,
          contactName: 'Matrix Caller',
          contactEmail: `${unique}.contact@matrix.example`,
          ...products,
          captcha: await captcha(),
        },
      },
    }),
    may: EVERYONE_MAY,
  },
  'Query.enquiries': {
    call: () => ({
      document:
        '{ enquiries(filter: { status: PENDING }, page: { limit: 100 }) { totalCount nodes { id companyName adminEmail licence { planName } } } }',
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.approveEnquiry': {
    call: async (cell) => ({
      document: 'mutation ($input: ApproveEnquiryInput!) { approveEnquiry(input: $input) { enquiry { id status } errors { code } } }',
      variables: { input: { enquiryId: await matrixEnquiry(cell) } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: enquiryOutcomeOf },
  },
  'Mutation.rejectEnquiry': {
    call: async (cell) => ({
      document: 'mutation ($input: RejectEnquiryInput!) { rejectEnquiry(input: $input) { enquiry { id status } errors { code } } }',
      variables: { input: { enquiryId: await matrixEnquiry(cell), reason: 'Matrix check' } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: enquiryOutcomeOf },
  },
  'Query.enquiry': {
    call: async (cell) => ({
      document: 'query ($id: ID!) { enquiry(id: $id) { id kind companyName adminEmail } }',
      variables: { id: await matrixEnquiry(cell) },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
};
