-- Single sign-on of an organisation through its OpenID Connect provider: the issuer, the client
-- the provider registered for the console (its secret sealed with SECRET_KEY), the email domains
-- it covers (each domain belongs to one organisation), whether a password sign-in is refused for
-- them, and whether an unknown person of those domains gets an account within the seats.
CREATE TABLE sso_settings (
  client_id            integer PRIMARY KEY REFERENCES clients ON DELETE CASCADE,
  enabled              boolean NOT NULL DEFAULT false,
  issuer               text,
  oidc_client_id       text,
  oidc_secret_sealed   text,
  require_sso          boolean NOT NULL DEFAULT false,
  allow_jit            boolean NOT NULL DEFAULT false,
  updated_at           timestamptz NOT NULL DEFAULT now(),
  CHECK (NOT enabled OR (issuer IS NOT NULL AND oidc_client_id IS NOT NULL))
);

CREATE TABLE sso_domains (
  domain               text PRIMARY KEY CHECK (domain = lower(domain)),
  client_id            integer NOT NULL REFERENCES clients ON DELETE CASCADE
);
CREATE INDEX sso_domains_client_id_idx ON sso_domains (client_id);

-- One sign-in through the identity provider under way: found by the digest of its state, used
-- once, with the PKCE verifier and nonce the callback must match, for ten minutes.
CREATE TABLE sso_attempts (
  state_hash           text PRIMARY KEY,
  client_id            integer NOT NULL REFERENCES clients ON DELETE CASCADE,
  code_verifier        text NOT NULL,
  nonce                text NOT NULL,
  redirect_uri         text NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  expires_at           timestamptz NOT NULL
);
CREATE INDEX sso_attempts_expires_at_idx ON sso_attempts (expires_at);
