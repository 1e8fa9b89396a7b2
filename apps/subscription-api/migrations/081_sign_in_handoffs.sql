-- A product sends a person to the console's sign-in page with `/login?data=<token>` to say who
-- they are. The token is issued to a SuperAdmin or an API key for one person, lives five minutes,
-- works once, and only its digest is kept (like reset tokens): redeeming it answers the email the
-- sign-in page fills in, nothing more.
CREATE TABLE sign_in_handoffs (
  handoff_id           serial PRIMARY KEY,
  user_id              integer NOT NULL REFERENCES client_users ON DELETE CASCADE,
  token_hash           text NOT NULL UNIQUE,
  issued_by            integer NOT NULL REFERENCES client_users ON DELETE CASCADE,
  api_key_id           integer REFERENCES api_keys ON DELETE SET NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  expires_at           timestamptz NOT NULL,
  used_at              timestamptz
);
CREATE INDEX sign_in_handoffs_user_id_idx ON sign_in_handoffs (user_id);
CREATE INDEX sign_in_handoffs_issued_by_idx ON sign_in_handoffs (issued_by);
CREATE INDEX sign_in_handoffs_api_key_id_idx ON sign_in_handoffs (api_key_id);
