-- A domain covers an organisation's single sign-on only once the organisation has shown it owns
-- it: a DNS TXT record with the token the console shows, or a SuperAdmin's word (audited). Until
-- then a claim does nothing, so several organisations may claim one domain; only one may have it
-- verified. Claims made before this had never been verified, so they start unverified.
ALTER TABLE sso_domains DROP CONSTRAINT sso_domains_pkey;
ALTER TABLE sso_domains
  ADD COLUMN verification_token text,
  ADD COLUMN verified_at       timestamptz,
  ADD COLUMN verified_by       text CHECK (verified_by IN ('dns', 'provider')),
  ADD COLUMN verified_by_user  integer REFERENCES client_users ON DELETE SET NULL,
  ADD COLUMN created_at        timestamptz NOT NULL DEFAULT now();
UPDATE sso_domains SET verification_token = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
ALTER TABLE sso_domains
  ALTER COLUMN verification_token SET NOT NULL,
  ADD PRIMARY KEY (client_id, domain),
  ADD CHECK ((verified_at IS NULL) = (verified_by IS NULL));
CREATE UNIQUE INDEX sso_domains_verified_domain_idx ON sso_domains (domain) WHERE verified_at IS NOT NULL;
CREATE INDEX sso_domains_domain_idx ON sso_domains (domain);
DROP INDEX sso_domains_client_id_idx;

-- The authentication context values (acr) an organisation's identity provider uses for a
-- multi-factor sign-in, besides the standard amr values: such a sign-in satisfies the console's
-- two-factor.
ALTER TABLE sso_settings ADD COLUMN mfa_acr_values text[] NOT NULL DEFAULT '{}';

-- How a sign-in's second step began: after a password, or after the identity provider. A step
-- begun with a password is void once the person's organisation requires single sign-on.
ALTER TABLE sign_in_challenges
  ADD COLUMN began_with text NOT NULL DEFAULT 'password' CHECK (began_with IN ('password', 'sso'));

