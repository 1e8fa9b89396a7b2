/**
 * What a list of the REST service is made of: its table, its fields and how each may be searched,
 * filtered and sorted. Declared once per list (routes/), read by the list machinery: the request
 * (listQuery.ts), its SQL (listSql.ts), its totals (listTotals.ts) and the list itself
 * (resource.ts).
 */
export type FieldType = 'int' | 'number' | 'text' | 'bool' | 'date' | 'timestamp' | 'textList';
export type Field = {
  sql: string;
  type: FieldType;
  /** May be matched in the `or=(…)` search group. */
  searchable?: true;
  /**
   * A search matches this joined field through the list's own key rather than through the join:
   * `{ key: 'a.actor_user_id', table: 'client_users', id: 'user_id', column: 'email' }` first finds
   * the ids of the people whose email holds the text (by that table's trigram index), then the
   * list's rows by `a.actor_user_id = ANY(ids)` (by the list's index of that key), ORed with the
   * other fields' indexes. Through the join, a search for rare text reads every row of the list
   * (the platform's audit log: a million). `findThrough` says when it is not done.
   */
  searchThrough?: { key: string; table: string; id: string; column: string };
  /**
   * SQL answering each value the field holds once, as `value`, in a few steps however many rows
   * hold them (a column of a few dozen values read by its index, as the audit log's actions): a
   * search of the field first finds the values holding the text there, then matches the rows by
   * the field's index of those values, which a count of a text many rows hold reads only as far as
   * its bound, where a trigram index builds a bitmap of every one of them first.
   */
  searchAmong?: string;
  /**
   * Rows may be ordered by this field: `by` (default `sql`) followed by the tie-breaker, served by
   * the index named here so a page of a large list never sorts the whole table (a test checks it).
   */
  sort?: { index: string; by?: string };
};

/** A search of a person's `column` (first_name, last_name, email) matched by the list's `key` holding their id. */
export const throughPerson = (key: string, column: string): Field['searchThrough'] => ({
  key,
  table: 'client_users',
  id: 'user_id',
  column,
});

export type ResourceDefinition = {
  from: string;
  /** A fixed condition every row must meet, e.g. `p.is_active`; SQL written here, never input. */
  where?: string;
  fields: Record<string, Field>;
  /** The field holding the organisation id: organisation admins only ever see their own. */
  tenantField?: string;
  /** Sort appended to every query, in the direction of the last ordering, so pages are stable: the primary key. */
  tieBreaker: string;
  /**
   * The table whose rows per organisation `list_counts` keeps (migration 087): the list's total,
   * unsearched and unfiltered but for its organisation, is read from there instead of counted.
   * Only for a list with one row per row of that table and no fixed condition.
   */
  counted?: 'sessions' | 'audit_log';
  /**
   * The list's own table as `from` names it (`audit_log a`), for a list whose joins only add fields
   * to the rows of that table (each of its rows is one row of the list: LEFT JOINs to one row, or a
   * JOIN by a foreign key that is never null). A bounded count then reads this table alone for the
   * conditions on its own columns, by an index alone where one holds them (PostgreSQL 15 reads the
   * columns a join it leaves out would have joined on), and counts a search term by term.
   */
  table?: string;
};
