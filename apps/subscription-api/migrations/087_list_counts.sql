-- The totals of the two lists that grow by the million (sign-in sessions and the audit log), kept
-- per organisation as rows are written, so a page of either list shows its exact total without
-- counting every row again. Only the unfiltered totals are kept: an organisation's (its admin's
-- lists, the provider's look at one organisation) and, summed, the platform's. Rows of no
-- organisation (the platform's own audit entries) are kept under client_id 0, which no
-- organisation has.
--
-- Statement-level triggers count the rows a statement wrote or deleted (deletions cascaded from a
-- person or an organisation included), so a bulk insert of 50,000 rows updates each organisation's
-- counter once, not 50,000 times; counters are written in the order of their key, so two
-- statements touching several organisations lock them in the same order. A row moved to another
-- organisation (nothing does so today) is counted again by a row-level trigger, as PostgreSQL
-- keeps no transition tables for an update of named columns.

CREATE TABLE list_counts (
  list       text    NOT NULL,
  client_id  integer NOT NULL,
  row_count  bigint  NOT NULL,
  PRIMARY KEY (list, client_id)
);

CREATE FUNCTION list_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM list_counts WHERE list = TG_TABLE_NAME;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    UPDATE list_counts c SET row_count = c.row_count - gone.n
      FROM (SELECT coalesce(client_id, 0) AS client_id, count(*) AS n FROM removed GROUP BY 1) gone
     WHERE c.list = TG_TABLE_NAME AND c.client_id = gone.client_id;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counts AS c (list, client_id, row_count)
    SELECT TG_TABLE_NAME, coalesce(client_id, 0), count(*) FROM added GROUP BY 2 ORDER BY 2
        ON CONFLICT (list, client_id) DO UPDATE SET row_count = c.row_count + excluded.row_count;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION list_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE list_counts SET row_count = row_count - 1 WHERE list = TG_TABLE_NAME AND client_id = coalesce(OLD.client_id, 0);
  INSERT INTO list_counts AS c (list, client_id, row_count) VALUES (TG_TABLE_NAME, coalesce(NEW.client_id, 0), 1)
      ON CONFLICT (list, client_id) DO UPDATE SET row_count = c.row_count + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER sessions_counted_insert AFTER INSERT ON sessions
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION list_counts_keep();
CREATE TRIGGER sessions_counted_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION list_counts_keep();
CREATE TRIGGER sessions_counted_move AFTER UPDATE OF client_id ON sessions
  FOR EACH ROW WHEN (OLD.client_id IS DISTINCT FROM NEW.client_id) EXECUTE FUNCTION list_counts_move();
CREATE TRIGGER sessions_counted_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_keep();

CREATE TRIGGER audit_log_counted_insert AFTER INSERT ON audit_log
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION list_counts_keep();
CREATE TRIGGER audit_log_counted_delete AFTER DELETE ON audit_log
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION list_counts_keep();
CREATE TRIGGER audit_log_counted_move AFTER UPDATE OF client_id ON audit_log
  FOR EACH ROW WHEN (OLD.client_id IS DISTINCT FROM NEW.client_id) EXECUTE FUNCTION list_counts_move();
CREATE TRIGGER audit_log_counted_truncate AFTER TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_keep();

-- The rows written before the counters existed.
INSERT INTO list_counts (list, client_id, row_count)
SELECT 'sessions', client_id, count(*) FROM sessions GROUP BY client_id;
INSERT INTO list_counts (list, client_id, row_count)
SELECT 'audit_log', coalesce(client_id, 0), count(*) FROM audit_log GROUP BY 2;
