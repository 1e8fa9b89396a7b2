-- Every sign-in attempt of a known account, for the "Sign-in activity" of the person's page: when,
-- from where, with which browser, which step, and how it ended (signed in, the next step asked,
-- or why it failed, the gateway's holds included). Attempts naming no account are not kept.
-- Rows older than 90 days are removed as new ones are written (domain/signInActivity.ts).
CREATE TABLE sign_in_attempts (
  attempt_id           bigserial PRIMARY KEY,
  user_id              integer NOT NULL REFERENCES client_users ON DELETE CASCADE,
  client_id            integer NOT NULL REFERENCES clients ON DELETE CASCADE,
  occurred_at          timestamptz NOT NULL DEFAULT now(),
  step                 text NOT NULL CHECK (step IN ('password', 'code', 'recovery_code', 'enrolment', 'sso')),
  outcome              text NOT NULL CHECK (outcome IN (
                         'signed_in', 'code_asked', 'enrolment_asked',
                         'wrong_password', 'deactivated', 'no_password', 'organization_inactive', 'sso_required',
                         'awaiting_approval', 'wrong_code', 'used_code', 'wrong_recovery_code', 'step_ended',
                         'held_new_browsers', 'held_address', 'held_browser', 'address_limit')),
  succeeded            boolean NOT NULL,
  ip                   text,
  user_agent           text
);
-- The latest attempts of one person, newest first, a page at a time.
CREATE INDEX sign_in_attempts_user_sort_idx ON sign_in_attempts (user_id, occurred_at, attempt_id);
-- The failures of one organisation in the last day (the dashboard).
CREATE INDEX sign_in_attempts_client_failures_idx ON sign_in_attempts (client_id, occurred_at) WHERE NOT succeeded;
-- The oldest rows, removed past 90 days.
CREATE INDEX sign_in_attempts_occurred_idx ON sign_in_attempts (occurred_at);
