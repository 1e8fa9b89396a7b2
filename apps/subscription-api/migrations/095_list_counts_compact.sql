-- The platform's totals of the audit log and of the sessions are the sums of every organisation's
-- counter (migration 087): ten thousand rows at full size, summed for each page of the platform's
-- log a SuperAdmin reads. Every write to either list rewrites its organisation's counter, and an
-- update writes a new version of the row: once a page is full the new version goes to another page,
-- so a bulk load or a busy day left the table a dozen times the pages its rows need (2,548 pages
-- for 20,008 counters after `npm run seed:large`), all of which the sum read (20 ms where 2 do).
-- Room kept on each page lets a counter's new version stay on its own page (a heap-only update,
-- whose old version the next read of the page clears), and the table is written anew once, compact.
ALTER TABLE list_counts SET (fillfactor = 70);
CLUSTER list_counts USING list_counts_pkey;
