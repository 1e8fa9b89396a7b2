import type { Transaction } from '#db/database';
import { audit } from '#domain/audit';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A moment `days` days ago, at a working hour that varies with `n`, so entries do not line up. */
const daysAgo = (days: number, n: number) => new Date(Date.now() - days * DAY_MS - ((n * 37) % 480) * 60 * 1000);

/**
 * The history an organisation would have by now, so the audit log screens have something to show
 * on a fresh demo: each organisation admin set up their groups and invited the people who have
 * not yet chosen a password, and the provider turned down the rejected enquiries. Every entry is
 * about a record that exists, made by the person who would have made it, on a day in the past.
 */
export async function seedAuditHistory(tx: Transaction): Promise<void> {
  const groups = await tx.query<{ client_id: number; group_id: number; name: string; description: string | null; admin_id: number }>(
    `SELECT g.client_id, g.group_id, g.name, g.description, a.user_id AS admin_id
       FROM groups g
       JOIN LATERAL (SELECT user_id FROM client_users
                      WHERE client_id = g.client_id AND type_of_user = 'OrgAdmin' AND password_hash IS NOT NULL
                      ORDER BY user_id LIMIT 1) a ON true
      ORDER BY g.group_id`,
  );
  for (const [n, group] of groups.entries()) {
    await audit(tx, {
      clientId: group.client_id,
      actorUserId: group.admin_id,
      action: 'group.create',
      entityType: 'group',
      entityId: group.group_id,
      after: { name: group.name, description: group.description },
      ip: '203.0.113.24',
      occurredAt: daysAgo(40 - (n % 10), n),
    });
  }

  const invited = await tx.query<{
    client_id: number;
    user_id: number;
    first_name: string;
    last_name: string;
    email: string;
    phone: string | null;
    department_name: string | null;
    awaiting_approval: boolean;
    admin_id: number;
  }>(
    // People awaiting approval were added by the provider; the others by their organisation's admin.
    `SELECT u.client_id, u.user_id, u.first_name, u.last_name, u.email, u.phone, u.department_name, u.awaiting_approval,
            CASE WHEN u.awaiting_approval THEN p.user_id ELSE a.user_id END AS admin_id
       FROM client_users u
       JOIN LATERAL (SELECT user_id FROM client_users
                      WHERE client_id = u.client_id AND type_of_user = 'OrgAdmin' AND password_hash IS NOT NULL
                      ORDER BY user_id LIMIT 1) a ON true
       JOIN LATERAL (SELECT user_id FROM client_users WHERE type_of_user = 'SuperAdmin' ORDER BY user_id LIMIT 1) p ON true
      WHERE u.password_hash IS NULL AND u.type_of_user = 'User'
      ORDER BY u.user_id`,
  );
  for (const [n, user] of invited.entries()) {
    await audit(tx, {
      clientId: user.client_id,
      actorUserId: user.admin_id,
      action: 'user.invite',
      entityType: 'user',
      entityId: user.user_id,
      after: {
        firstName: user.first_name,
        lastName: user.last_name,
        email: user.email,
        phone: user.phone,
        departmentName: user.department_name,
        ...(user.awaiting_approval ? { awaitingApproval: true } : {}),
      },
      ip: '203.0.113.24',
      occurredAt: daysAgo(3 + (n % 20), n),
    });
  }

  const rejected = await tx.query<{ enquiry_id: number; decision_note: string | null; decided_at: Date | null; provider_id: number }>(
    `SELECT e.enquiry_id, e.decision_note, e.decided_at, p.user_id AS provider_id
       FROM enquiries e
       JOIN LATERAL (SELECT user_id FROM client_users WHERE type_of_user = 'SuperAdmin' ORDER BY user_id LIMIT 1) p ON true
      WHERE e.is_approved = 'R'
      ORDER BY e.enquiry_id`,
  );
  for (const [n, enquiry] of rejected.entries()) {
    await audit(tx, {
      clientId: null,
      actorUserId: enquiry.provider_id,
      action: 'enquiry.reject',
      entityType: 'enquiry',
      entityId: enquiry.enquiry_id,
      before: { status: 'PENDING' },
      after: { status: 'REJECTED', reason: enquiry.decision_note },
      ip: '198.51.100.7',
      occurredAt: enquiry.decided_at ? new Date(enquiry.decided_at) : daysAgo(10 + n, n),
    });
  }
}
