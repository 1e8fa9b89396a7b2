import type { Transaction } from '#db/database';

/** Descriptions of the demo organisations' groups, and one group more, so the groups screen has something to show. */
const DESCRIPTIONS: Record<string, string> = {
  Engineering: 'Builds and runs the field service app and the website',
  Sales: 'First line for quotes and renewals',
  Support: 'Answers customer tickets in business hours',
  Operations: 'Keeps the plants running',
};

/**
 * Demo data of the groups and subscriptions screens, added to what the main seed wrote: group
 * descriptions, an on-call group at Acme with two members, and an Acme licence of Yozy Lite that
 * runs out in twelve days, so the licence screen shows its expiry warning.
 */
export async function seedGroupsAndLicences(tx: Transaction): Promise<void> {
  for (const [name, description] of Object.entries(DESCRIPTIONS)) {
    await tx.query('UPDATE groups SET description = $2 WHERE name = $1', [name, description]);
  }
  const [acme] = await tx.query<{ client_id: number }>(`SELECT client_id FROM clients WHERE company_name = 'Acme Corporation'`);
  if (!acme) return;
  const [group] = await tx.query<{ group_id: number }>(
    `INSERT INTO groups (client_id, name, description) VALUES ($1, 'On-call', 'Out-of-hours incidents, one week each') RETURNING group_id`,
    [acme.client_id],
  );
  await tx.query(
    `INSERT INTO group_members (group_id, user_id)
     SELECT $1, user_id FROM client_users WHERE client_id = $2 AND lower(email) IN ('marcus.lee@acme.local', 'kenji.watanabe@acme.local')`,
    [group!.group_id, acme.client_id],
  );
  await tx.query(
    `INSERT INTO licences (client_id, product_id, plan_id, valid_till, is_active)
     SELECT $1, p.product_id, p.plan_id, current_date + 12, true FROM plans p WHERE p.plan_name = 'Lite Starter'`,
    [acme.client_id],
  );
}
