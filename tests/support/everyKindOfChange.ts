import type { Database } from '@yozy/subscription-api';
import { factories } from './factories';
import type { GraphQLSession } from './graphql';

/** What the changes left behind for the screens to show. */
export type ChangesMade = {
  /** Acme's person whose roles, admin rights, sessions and access were changed: their page has all of it. */
  personId: string;
  /** The renewal request Acme's admin sent for one of its licences, open on the provider's enquiries. */
  renewalEnquiryId: string;
};

type Answer = Record<string, { errors?: { code: string; message: string }[] } | null>;

/** Runs a mutation and fails loudly when it is refused: the screens would otherwise miss what it should have written. */
async function change(session: GraphQLSession, mutation: string, variables: Record<string, unknown>): Promise<Answer> {
  const answer = await session.request<Answer>(mutation, variables);
  const refused = answer.errors ?? Object.values(answer.data ?? {}).flatMap((payload) => payload?.errors ?? []);
  if (refused.length) throw new Error(`${mutation.slice(0, 60)}… was refused: ${JSON.stringify(refused)}`);
  return answer.data!;
}

const ERRORS = 'errors { code message }';

/**
 * Changes made through the gateway, as Acme Corporation's admin and as the provider, that write the
 * audit entries whose fields hold ids, codes and coded values: roles given, changed and removed on a
 * product, admin rights given and taken away, one session and every session of a person ended,
 * everyone else signed out, a person deactivated and activated again, a group with members added
 * and removed, a licence's renewal requested and the licence extended, and a plan and a role added
 * to the provider's masters.
 */
export async function makeChangesOfEveryKind(db: Database, admin: GraphQLSession, provider: GraphQLSession): Promise<ChangesMade> {
  const make = factories(db);
  const [acme] = await db.query<{ client_id: number }>("SELECT client_id FROM clients WHERE company_name = 'Acme Corporation'");
  const clientId = acme!.client_id;
  // Two of Acme's ordinary people, the first holding a role on a product with another role to move to.
  const [held] = await db.query<{ user_id: number; product_id: number; role_id: number; other_role_id: number }>(
    `SELECT u.user_id, ur.product_id, ur.role_id, other.role_id AS other_role_id
       FROM client_users u JOIN user_roles ur ON ur.user_id = u.user_id
       JOIN LATERAL (SELECT r.role_id FROM roles r WHERE r.product_id = ur.product_id AND r.role_id <> ur.role_id AND r.is_active
                      ORDER BY r.role_id LIMIT 1) other ON true
      WHERE u.client_id = $1 AND u.type_of_user = 'User' AND u.is_active AND u.password_hash IS NOT NULL AND u.email <> 'member@acme.local'
      ORDER BY u.user_id LIMIT 1`,
    [clientId],
  );
  const [second] = await db.query<{ user_id: number }>(
    `SELECT user_id FROM client_users
      WHERE client_id = $1 AND type_of_user = 'User' AND is_active AND password_hash IS NOT NULL AND email <> 'member@acme.local' AND user_id <> $2
      ORDER BY user_id LIMIT 1`,
    [clientId, held!.user_id],
  );
  const person = String(held!.user_id);
  const other = String(second!.user_id);
  const product = String(held!.product_id);

  const setRole = `mutation ($input: SetUserRoleInput!) { setUserRole(input: $input) { ${ERRORS} } }`;
  await change(admin, setRole, { input: { userId: person, roleId: String(held!.other_role_id) } });
  await change(admin, `mutation ($input: RemoveUserRoleInput!) { removeUserRole(input: $input) { ${ERRORS} } }`, {
    input: { userId: person, productId: product },
  });
  await change(admin, setRole, { input: { userId: person, roleId: String(held!.role_id) } });

  const setAdmin = `mutation ($input: SetUserAdminInput!) { setUserAdmin(input: $input) { ${ERRORS} } }`;
  await change(admin, setAdmin, { input: { userId: person, admin: true } });
  await change(admin, setAdmin, { input: { userId: person, admin: false } });

  const user = { userId: held!.user_id, clientId };
  const one = await make.session(user);
  await make.session(user, { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36' });
  await make.session({ userId: second!.user_id, clientId });
  await change(admin, `mutation ($input: EndSessionInput!) { endSession(input: $input) { ${ERRORS} } }`, {
    input: { sessionId: one.sessionId },
  });
  await change(admin, `mutation ($input: EndUserSessionsInput!) { endUserSessions(input: $input) { ${ERRORS} } }`, {
    input: { userId: person },
  });
  await change(admin, `mutation ($input: EndOtherSessionsInput!) { endOtherSessions(input: $input) { ${ERRORS} } }`, { input: {} });

  const setActive = `mutation ($input: SetUsersActiveInput!) { setUsersActive(input: $input) { ${ERRORS} } }`;
  await change(admin, setActive, { input: { userIds: [person], active: false } });
  await change(admin, setActive, { input: { userIds: [person], active: true } });

  const created = await change(admin, `mutation ($input: CreateGroupInput!) { createGroup(input: $input) { group { id } ${ERRORS} } }`, {
    input: { name: 'Vocabulary reviewers', description: 'People who read every screen' },
  });
  const groupId = (created.createGroup as unknown as { group: { id: string } }).group.id;
  await change(admin, `mutation ($input: GroupMembersInput!) { addGroupMembers(input: $input) { ${ERRORS} } }`, {
    input: { groupId, userIds: [person, other] },
  });
  await change(admin, `mutation ($input: GroupMembersInput!) { removeGroupMembers(input: $input) { ${ERRORS} } }`, {
    input: { groupId, userIds: [other] },
  });

  // A licence in its last days, whose renewal the admin asks for and the provider then extends.
  const [licence] = await db.query<{ licence_id: number }>(
    `UPDATE licences SET valid_till = current_date + 10
      WHERE licence_id = (SELECT licence_id FROM licences WHERE client_id = $1 AND product_id = $2 AND is_active ORDER BY licence_id LIMIT 1)
     RETURNING licence_id`,
    [clientId, held!.product_id],
  );
  const licenceId = String(licence!.licence_id);
  await change(admin, `mutation ($input: RequestLicenceRenewalInput!) { requestLicenceRenewal(input: $input) { ${ERRORS} } }`, {
    input: { licenceId },
  });
  const [enquiry] = await db.query<{ enquiry_id: number }>('SELECT enquiry_id FROM enquiries WHERE licence_id = $1', [licence!.licence_id]);
  const [till] = await db.query<{ day: string }>("SELECT to_char(current_date + 400, 'YYYY-MM-DD') AS day");
  await change(provider, `mutation ($input: ExtendLicenceInput!) { extendLicence(input: $input) { ${ERRORS} } }`, {
    input: { id: licenceId, validTill: till!.day },
  });

  await change(provider, `mutation ($input: CreatePlanInput!) { createPlan(input: $input) { ${ERRORS} } }`, {
    input: {
      productId: product,
      name: 'Vocabulary Lite',
      planGroup: 'MICROSAAS',
      cost: 5,
      currency: 'USD',
      frequency: 'MONTHLY',
      capacity: 5,
    },
  });
  await change(provider, `mutation ($input: CreateRoleInput!) { createRole(input: $input) { ${ERRORS} } }`, {
    input: { productId: product, name: 'Vocabulary reader', description: 'Reads every screen' },
  });
  return { personId: person, renewalEnquiryId: String(enquiry!.enquiry_id) };
}
