-- The dashboard and statistics read one organisation's numbers at a time; these indexes keep each
-- count to that organisation's rows, at any number of organisations.

-- Sessions live now: only rows not ended yet, and the ones past their expiry skipped in the index.
CREATE INDEX sessions_live_client_idx ON sessions (client_id, expires_at) WHERE ended_at IS NULL;

-- Licences about to lapse.
CREATE INDEX licences_client_valid_till_idx ON licences (client_id, valid_till);

-- People per department.
CREATE INDEX client_users_client_department_idx ON client_users (client_id, department_name);

-- Invitations still waiting: the live invite tokens of people without a password.
CREATE INDEX user_tokens_live_invite_idx ON user_tokens (user_id) WHERE purpose = 'invite' AND used_at IS NULL AND voided_at IS NULL;
