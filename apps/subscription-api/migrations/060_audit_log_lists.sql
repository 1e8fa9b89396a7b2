-- The audit log screens list an organisation's entries (its admin's log, the provider's look at
-- one organisation) or the whole platform's (the provider's log), newest first, and filter by the
-- person, the action and the day. Each sort index ends with the primary key as the tie-breaker.

CREATE INDEX audit_log_client_created_sort_idx ON audit_log (client_id, created_at, audit_id);
CREATE INDEX audit_log_created_sort_idx ON audit_log (created_at, audit_id);
CREATE INDEX audit_log_action_idx ON audit_log (action);
