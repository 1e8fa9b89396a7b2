-- Two-factor sign-in. The last time step a code was accepted for keeps a code from being used
-- twice; the secret of an enrolment not yet confirmed waits in totp_secret with enabled false.
ALTER TABLE two_factor ADD COLUMN last_used_step bigint;
ALTER TABLE two_factor ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- Between the password and the code: a short-lived, single-use step of a sign-in bound to one
-- user. Only a digest of its token is kept. `purpose` says what the step needs: a code of the
-- user's authenticator, or an enrolment first (the organisation requires two-factor).
CREATE TABLE sign_in_challenges (
  challenge_id         bigserial PRIMARY KEY,
  token_hash           text NOT NULL UNIQUE,
  user_id              integer NOT NULL REFERENCES client_users ON DELETE CASCADE,
  purpose              text NOT NULL CHECK (purpose IN ('code', 'enrol')),
  created_at           timestamptz NOT NULL DEFAULT now(),
  expires_at           timestamptz NOT NULL,
  used_at              timestamptz
);
CREATE INDEX sign_in_challenges_user_idx ON sign_in_challenges (user_id);
