-- API keys of internal tools, in Platform Settings: listed by name or newest first, and the audit
-- log says which key made a change on behalf of the SuperAdmin who made the key.
CREATE INDEX api_keys_name_sort_idx ON api_keys (lower(name), key_id);
CREATE INDEX api_keys_created_at_sort_idx ON api_keys (created_at, key_id);
ALTER TABLE audit_log ADD COLUMN api_key_id integer REFERENCES api_keys ON DELETE SET NULL;
CREATE INDEX audit_log_api_key_id_idx ON audit_log (api_key_id);
