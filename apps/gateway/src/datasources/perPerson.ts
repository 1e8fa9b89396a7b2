import DataLoader from 'dataloader';

/** A person of an organisation, as the REST lists of their roles and groups name them. */
export type Person = { userId: number; organizationId: number };

/** Reads one page (`PAGE` rows from `offset`) of the rows of these people of one organisation. */
type PageOf<Row> = (organizationId: number, userIds: number[], offset: number) => Promise<Row[]>;

/** The REST service's most values in one `in.(…)` filter, and its longest page. */
const MOST_IDS = 100;
const PAGE = 1000;

const keyOf = ({ userId, organizationId }: Person) => `${organizationId}:${userId}`;

/**
 * Rows belonging to people (their roles, their groups), loaded for all the people a request asks
 * about at once: one REST call per organisation and hundred people instead of one per person.
 * Each person gets their rows in the order the REST service gave them.
 */
export function perPerson<Row extends { UserId: number }>(pageOf: PageOf<Row>) {
  return new DataLoader<Person, Row[], string>(
    async (people) => {
      const byOrganization = new Map<number, Set<number>>();
      for (const { userId, organizationId } of people) {
        byOrganization.set(organizationId, (byOrganization.get(organizationId) ?? new Set()).add(userId));
      }
      const found = new Map<string, Row[]>();
      await Promise.all(
        [...byOrganization].map(async ([organizationId, userIds]) => {
          for (const row of await allRows(organizationId, [...userIds], pageOf)) {
            const key = keyOf({ userId: row.UserId, organizationId });
            found.set(key, [...(found.get(key) ?? []), row]);
          }
        }),
      );
      return people.map((person) => found.get(keyOf(person)) ?? []);
    },
    // Batched, not remembered: a later mutation of the same request (a role given) must read afresh.
    { cache: false, maxBatchSize: MOST_IDS },
  );
}
perPerson.PAGE = PAGE;

/** Every row, a page at a time: a page of people rarely holds more than one page of rows. */
async function allRows<Row>(organizationId: number, userIds: number[], pageOf: PageOf<Row>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await pageOf(organizationId, userIds, offset);
    rows.push(...page);
    if (page.length < PAGE) return rows;
  }
}
