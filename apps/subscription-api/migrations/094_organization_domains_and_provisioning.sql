-- An organisation's verified email domains belong to the organisation, not to its single sign-on:
-- single sign-on and SCIM provisioning both use them. The claims move as they are (token,
-- verification, who vouched), into a table of the organisation's own.
ALTER TABLE sso_domains RENAME TO organization_domains;
ALTER INDEX sso_domains_verified_domain_idx RENAME TO organization_domains_verified_domain_idx;
ALTER INDEX sso_domains_domain_idx RENAME TO organization_domains_domain_idx;
-- A domain verified by its DNS record is read again (daily, and when provisioning uses it); a
-- record that is gone stops the domain covering the organisation, and says when and why.
ALTER TABLE organization_domains
  ADD COLUMN checked_at        timestamptz,
  ADD COLUMN lapsed_at         timestamptz,
  ADD COLUMN lapsed_reason     text;
CREATE INDEX organization_domains_recheck_idx ON organization_domains (checked_at) WHERE verified_by = 'dns';

-- SCIM provisioning (RFC 7643/7644): an organisation's identity provider creates, updates and
-- removes its people with a bearer token. Provisioning is on with a default product role that a
-- provisioned person takes a seat on.
CREATE TABLE provisioning_settings (
  client_id            integer PRIMARY KEY REFERENCES clients ON DELETE CASCADE,
  enabled              boolean NOT NULL DEFAULT false,
  role_id              integer REFERENCES roles,
  product_id           integer REFERENCES products,
  updated_at           timestamptz NOT NULL DEFAULT now(),
  CHECK (NOT enabled OR (role_id IS NOT NULL AND product_id IS NOT NULL))
);

-- Each token is named, shown once and kept as its SHA-256 digest; it serves only its organisation.
CREATE TABLE provisioning_tokens (
  token_id             serial PRIMARY KEY,
  client_id            integer NOT NULL REFERENCES clients ON DELETE CASCADE,
  name                 text NOT NULL,
  token_hash           text NOT NULL UNIQUE,
  created_by           integer REFERENCES client_users ON DELETE SET NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  first_used_at        timestamptz,
  last_used_at         timestamptz,
  revoked_at           timestamptz,
  revoked_by           integer REFERENCES client_users ON DELETE SET NULL
);
CREATE INDEX provisioning_tokens_client_idx ON provisioning_tokens (client_id, created_at);
CREATE UNIQUE INDEX provisioning_tokens_live_name_key ON provisioning_tokens (client_id, lower(name)) WHERE revoked_at IS NULL;

-- A change made through provisioning names its token in the audit log.
ALTER TABLE audit_log ADD COLUMN provisioning_token_id integer REFERENCES provisioning_tokens ON DELETE SET NULL;
CREATE INDEX audit_log_provisioning_token_id_idx ON audit_log (provisioning_token_id) WHERE provisioning_token_id IS NOT NULL;

-- What the identity provider knows a person and a group by, and a person removed by it: gone from
-- provisioning (deactivated, no seat) while their history stays. deleted_at is written by the
-- person lifecycle only.
ALTER TABLE client_users
  ADD COLUMN external_id       text,
  ADD COLUMN deleted_at        timestamptz;
CREATE INDEX client_users_client_external_id_idx ON client_users (client_id, external_id) WHERE external_id IS NOT NULL;
CREATE INDEX client_users_client_updated_idx ON client_users (client_id, updated_at);
-- SCIM's displayName of a person is their full name: found by equality and by part.
CREATE INDEX client_users_client_display_name_idx ON client_users (client_id, lower(first_name || ' ' || last_name));
CREATE INDEX client_users_display_name_trgm_idx ON client_users USING gin ((first_name || ' ' || last_name) gin_trgm_ops);

ALTER TABLE groups
  ADD COLUMN external_id       text,
  ADD COLUMN updated_at        timestamptz NOT NULL DEFAULT now();
UPDATE groups SET updated_at = created_at;
CREATE INDEX groups_client_external_id_idx ON groups (client_id, external_id) WHERE external_id IS NOT NULL;
CREATE INDEX groups_client_updated_idx ON groups (client_id, updated_at);
CREATE INDEX groups_name_trgm_idx ON groups USING gin (name gin_trgm_ops);

-- A group's version (SCIM's meta.lastModified and ETag) follows every change to it, its members'
-- included, wherever it is made (the console's group screens or provisioning).
CREATE FUNCTION groups_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END $$;
CREATE TRIGGER groups_touch BEFORE UPDATE OF name, description, external_id ON groups FOR EACH ROW EXECUTE FUNCTION groups_touch();

CREATE FUNCTION group_members_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE groups SET updated_at = now() WHERE group_id = coalesce(NEW.group_id, OLD.group_id) AND updated_at <> now();
  RETURN NULL;
END $$;
CREATE TRIGGER group_members_touch AFTER INSERT OR DELETE ON group_members FOR EACH ROW EXECUTE FUNCTION group_members_touch();
