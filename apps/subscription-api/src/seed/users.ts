import type { Transaction } from '#db/database';

/**
 * More people for the user management screen: departments to search and sort, disabled accounts,
 * invitations still pending and one that expired, people the provider added whom Globex's admins
 * have still to approve, and a licence close to its capacity (Globex's Lite Team plan ends up with
 * 23 of its 25 seats taken).
 */
type State = 'active' | 'disabled' | 'invited' | 'expired' | 'awaiting';
type Person = [first: string, last: string, department: string, state: State];

const PEOPLE: Record<string, { product: string; role: string; people: Person[] }> = {
  'acme.local': {
    product: 'YOZY-WEB',
    role: 'Member',
    people: [
      ['Ravi', 'Menon', 'Engineering', 'active'],
      ['Sofia', 'Costa', 'Engineering', 'active'],
      ['Liam', 'Brennan', 'Engineering', 'disabled'],
      ['Noah', 'Fischer', 'Engineering', 'active'],
      ['Chloe', 'Martin', 'Sales', 'active'],
      ['Ben', 'Carter', 'Sales', 'invited'],
      ['Isabel', 'Duarte', 'Sales', 'active'],
      ['Yara', 'Haddad', 'Support', 'active'],
      ['Mateo', 'Ruiz', 'Support', 'expired'],
      ['Olga', 'Ivanova', 'Finance', 'active'],
      ['Arjun', 'Patel', 'Finance', 'disabled'],
      ['Zoe', 'Clarke', 'Marketing', 'invited'],
      ['Hugo', 'Lambert', 'Marketing', 'active'],
      ['Fatima', 'Zahra', 'People', 'active'],
    ],
  },
  'globex.local': {
    product: 'YOZY-LITE',
    role: 'Member',
    people: [
      ['Aiden', 'Walsh', 'Operations', 'active'],
      ['Bianca', 'Moretti', 'Operations', 'active'],
      ['Carlos', 'Mendes', 'Operations', 'active'],
      ['Dana', 'Whitfield', 'Finance', 'active'],
      ['Emeka', 'Obi', 'Finance', 'active'],
      ['Freya', 'Nilsen', 'IT', 'active'],
      ['Gustav', 'Berg', 'IT', 'disabled'],
      ['Hana', 'Kobayashi', 'IT', 'active'],
      ['Ivan', 'Petrov', 'Operations', 'active'],
      ['Jade', 'Thompson', 'Management', 'active'],
      ['Kofi', 'Mensah', 'Operations', 'active'],
      ['Lena', 'Vogel', 'Finance', 'invited'],
      ['Marco', 'Bianchi', 'Operations', 'active'],
      ['Nadia', 'Rahman', 'IT', 'expired'],
      ['Oscar', 'Lind', 'Operations', 'active'],
      ['Paula', 'Gomez', 'Finance', 'active'],
      ['Quinn', 'Adeyemi', 'IT', 'awaiting'],
    ],
  },
};

/** Adds the people above; call it before the demo's invitations are issued, then `expireInvitations`. */
export async function insertMorePeople(tx: Transaction, passwordHash: string): Promise<void> {
  for (const [domain, { product, role, people }] of Object.entries(PEOPLE)) {
    for (const [index, [first, last, department, state]] of people.entries()) {
      await tx.query(
        `WITH person AS (
           INSERT INTO client_users (client_id, first_name, last_name, email, phone, department_name, department_code,
                                     type_of_user, is_active, password_hash, awaiting_approval, created_at)
           SELECT u.client_id, $2::text, $3::text, lower($2::text || '.' || $3::text || '@' || $1::text),
                  '+1 555 02' || lpad($4::int::text, 2, '0'), $5::text, upper(left($5::text, 3)), 'User', $6::boolean,
                  $7::text, $10::boolean, now() - make_interval(days => 200 - $4::int * 9)
             FROM client_users u WHERE u.email = 'admin@' || $1::text
           RETURNING user_id
         )
         INSERT INTO user_roles (user_id, role_id, product_id)
         SELECT person.user_id, r.role_id, r.product_id
           FROM person, roles r JOIN products p ON p.product_id = r.product_id
          WHERE p.product_code = $8::text AND r.role_name = $9::text`,
        [
          domain,
          first,
          last,
          index,
          department,
          state !== 'disabled',
          state === 'invited' || state === 'expired' || state === 'awaiting' ? null : passwordHash,
          product,
          role,
          state === 'awaiting',
        ],
      );
    }
  }
}

/** The invitations of the people marked expired were sent three days ago and ran out. */
export async function expireInvitations(tx: Transaction): Promise<void> {
  const expired = Object.entries(PEOPLE).flatMap(([domain, { people }]) =>
    people.filter(([, , , state]) => state === 'expired').map(([first, last]) => `${first}.${last}@${domain}`.toLowerCase()),
  );
  await tx.query(
    `UPDATE user_tokens SET created_at = now() - interval '3 days', expires_at = now() - interval '3 days' + interval '8 hours'
      WHERE purpose = 'invite' AND lower(email) = ANY($1::text[])`,
    [expired],
  );
}
