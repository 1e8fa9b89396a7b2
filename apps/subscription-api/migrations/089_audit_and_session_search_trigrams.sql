-- The audit log's search looks for its text anywhere in the actor's first name, last name and
-- email, the action and the record's id; the sessions list's in the person's names and email and
-- the address signed in from (`ILIKE '%text%'`). Platform-wide each read its whole table, a million
-- rows, a row at a time through the join to people. A person's fields are now searched in the
-- people table and matched to the list by its index of person ids (resource.ts `searchThrough`);
-- these trigram indexes find the people, and the log's action and record id and the sessions'
-- addresses, holding the text's three-letter pieces, so PostgreSQL ORs index scans instead
-- (pg_trgm: migration 088).
CREATE INDEX client_users_first_name_trgm_idx ON client_users USING gin (first_name gin_trgm_ops);
CREATE INDEX client_users_last_name_trgm_idx ON client_users USING gin (last_name gin_trgm_ops);
CREATE INDEX client_users_email_trgm_idx ON client_users USING gin (email gin_trgm_ops);
CREATE INDEX audit_log_action_trgm_idx ON audit_log USING gin (action gin_trgm_ops);
CREATE INDEX audit_log_entity_id_trgm_idx ON audit_log USING gin (entity_id gin_trgm_ops);
CREATE INDEX sessions_ip_trgm_idx ON sessions USING gin (ip gin_trgm_ops);
