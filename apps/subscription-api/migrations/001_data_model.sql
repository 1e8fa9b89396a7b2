-- The whole data model of SPEC section 3. Later work adds behaviour, not tables.

CREATE TABLE clients (
  client_id            serial PRIMARY KEY,
  company_name         text NOT NULL,
  date_onboarded       date NOT NULL DEFAULT current_date,
  address_line1        text,
  address_line2        text,
  city                 text,
  state                text,
  country              text,
  country_code         text,
  pincode              text,
  contact_name         text,
  designation          text,
  currency_code        text NOT NULL DEFAULT 'USD',
  client_type          text,
  nature_of_business   text,
  business_vertical    text,
  revenue_usd          numeric(16, 2),
  is_provider          boolean NOT NULL DEFAULT false,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX clients_company_name_idx ON clients (lower(company_name));
CREATE INDEX clients_date_onboarded_idx ON clients (date_onboarded);

CREATE TABLE products (
  product_id           serial PRIMARY KEY,
  product_name         text NOT NULL,
  product_code         text NOT NULL UNIQUE,
  domain               text NOT NULL,
  included_products    text[] NOT NULL DEFAULT '{}',
  is_active            boolean NOT NULL DEFAULT true
);

CREATE TABLE plans (
  plan_id              serial PRIMARY KEY,
  product_id           integer NOT NULL REFERENCES products,
  plan_name            text NOT NULL,
  plan_group           text NOT NULL,
  cost                 numeric(12, 2) NOT NULL CHECK (cost >= 0),
  currency             text NOT NULL,
  frequency            text NOT NULL CHECK (frequency IN ('MONTHLY', 'YEARLY')),
  capacity             integer NOT NULL CHECK (capacity > 0),
  is_active            boolean NOT NULL DEFAULT true
);
CREATE INDEX plans_product_id_idx ON plans (product_id);
CREATE INDEX plans_plan_group_idx ON plans (plan_group);

CREATE TABLE licences (
  licence_id           serial PRIMARY KEY,
  client_id            integer NOT NULL REFERENCES clients ON DELETE CASCADE,
  product_id           integer NOT NULL REFERENCES products,
  plan_id              integer NOT NULL REFERENCES plans,
  valid_till           date NOT NULL,
  is_active            boolean NOT NULL DEFAULT true,
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX licences_client_id_idx ON licences (client_id);
CREATE INDEX licences_product_id_idx ON licences (product_id);
CREATE INDEX licences_plan_id_idx ON licences (plan_id);
CREATE INDEX licences_valid_till_idx ON licences (valid_till);

CREATE TABLE client_users (
  user_id              serial PRIMARY KEY,
  uuid                 uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  client_id            integer NOT NULL REFERENCES clients ON DELETE CASCADE,
  first_name           text NOT NULL,
  last_name            text NOT NULL DEFAULT '',
  email                text NOT NULL,
  phone                text,
  department_name      text,
  department_code      text,
  type_of_user         text NOT NULL CHECK (type_of_user IN ('SuperAdmin', 'OrgAdmin', 'User')),
  is_active            boolean NOT NULL DEFAULT true,
  password_hash        text,
  password_changed_at  timestamptz,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX client_users_email_key ON client_users (lower(email));
CREATE INDEX client_users_client_id_idx ON client_users (client_id, is_active);
CREATE INDEX client_users_name_idx ON client_users (lower(first_name), lower(last_name));

CREATE TABLE roles (
  role_id              serial PRIMARY KEY,
  role_name            text NOT NULL,
  product_id           integer REFERENCES products,
  description          text,
  UNIQUE (role_name, product_id)
);
CREATE INDEX roles_product_id_idx ON roles (product_id);

CREATE TABLE user_roles (
  user_id              integer NOT NULL REFERENCES client_users ON DELETE CASCADE,
  role_id              integer NOT NULL REFERENCES roles ON DELETE CASCADE,
  product_id           integer NOT NULL REFERENCES products,
  assigned_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, role_id)
);
CREATE INDEX user_roles_role_id_idx ON user_roles (role_id);
CREATE INDEX user_roles_product_id_idx ON user_roles (product_id);

CREATE TABLE enquiries (
  enquiry_id           serial PRIMARY KEY,
  company_name         text NOT NULL,
  address_line1        text,
  address_line2        text,
  city                 text,
  state                text,
  country              text,
  country_code         text,
  pincode              text,
  currency_code        text,
  client_type          text,
  nature_of_business   text,
  business_vertical    text,
  revenue_usd          numeric(16, 2),
  admin_first_name     text NOT NULL,
  admin_last_name      text NOT NULL,
  admin_email          text NOT NULL,
  admin_phone          text,
  admin_department     text,
  contact_name         text,
  contact_designation  text,
  contact_email        text,
  contact_phone        text,
  product_id           integer REFERENCES products,
  plan_id              integer REFERENCES plans,
  is_approved          char(1) CHECK (is_approved IN ('Y', 'R')),
  decided_by           integer REFERENCES client_users ON DELETE SET NULL,
  decided_at           timestamptz,
  decision_note        text,
  client_id            integer REFERENCES clients ON DELETE SET NULL,
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX enquiries_pending_admin_email_key ON enquiries (lower(admin_email)) WHERE is_approved IS NULL;
CREATE INDEX enquiries_is_approved_idx ON enquiries (is_approved, created_at);
CREATE INDEX enquiries_product_id_idx ON enquiries (product_id);
CREATE INDEX enquiries_plan_id_idx ON enquiries (plan_id);
CREATE INDEX enquiries_decided_by_idx ON enquiries (decided_by);
CREATE INDEX enquiries_client_id_idx ON enquiries (client_id);

CREATE TABLE org_settings (
  client_id            integer PRIMARY KEY REFERENCES clients ON DELETE CASCADE,
  requires_approval    boolean NOT NULL DEFAULT false,
  two_factor_required  boolean NOT NULL DEFAULT false,
  default_regions      text[] NOT NULL DEFAULT '{}',
  mail_sender_name     text,
  mail_sender_address  text,
  smtp_url             text,
  updated_at           timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE groups (
  group_id             serial PRIMARY KEY,
  client_id            integer NOT NULL REFERENCES clients ON DELETE CASCADE,
  name                 text NOT NULL,
  description          text,
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX groups_client_name_key ON groups (client_id, lower(name));

CREATE TABLE group_members (
  group_id             integer NOT NULL REFERENCES groups ON DELETE CASCADE,
  user_id              integer NOT NULL REFERENCES client_users ON DELETE CASCADE,
  added_at             timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX group_members_user_id_idx ON group_members (user_id);

CREATE TABLE projects (
  project_id           serial PRIMARY KEY,
  client_id            integer NOT NULL REFERENCES clients ON DELETE CASCADE,
  short_code           text NOT NULL,
  name                 text NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, short_code)
);

CREATE TABLE project_allocations (
  allocation_id        serial PRIMARY KEY,
  project_id           integer NOT NULL REFERENCES projects ON DELETE CASCADE,
  user_id              integer NOT NULL REFERENCES client_users ON DELETE CASCADE,
  alloc_percentage     integer NOT NULL CHECK (alloc_percentage BETWEEN 0 AND 100),
  project_role         text,
  is_current           boolean NOT NULL DEFAULT true,
  end_date             date
);
CREATE INDEX project_allocations_project_id_idx ON project_allocations (project_id);
CREATE INDEX project_allocations_user_id_idx ON project_allocations (user_id);

CREATE TABLE project_issues (
  issue_id             serial PRIMARY KEY,
  project_id           integer NOT NULL REFERENCES projects ON DELETE CASCADE,
  title                text NOT NULL,
  status               text NOT NULL DEFAULT 'OPEN',
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX project_issues_project_id_idx ON project_issues (project_id);

CREATE TABLE project_releases (
  release_id           serial PRIMARY KEY,
  project_id           integer NOT NULL REFERENCES projects ON DELETE CASCADE,
  name                 text NOT NULL,
  released_at          date
);
CREATE INDEX project_releases_project_id_idx ON project_releases (project_id);

CREATE TABLE sessions (
  session_id           bigserial PRIMARY KEY,
  token_hash           text NOT NULL UNIQUE,
  user_id              integer NOT NULL REFERENCES client_users ON DELETE CASCADE,
  client_id            integer NOT NULL REFERENCES clients ON DELETE CASCADE,
  ip                   text,
  user_agent           text,
  started_at           timestamptz NOT NULL DEFAULT now(),
  last_seen_at         timestamptz NOT NULL DEFAULT now(),
  expires_at           timestamptz NOT NULL,
  ended_at             timestamptz,
  end_reason           text
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id, started_at DESC);
CREATE INDEX sessions_client_id_idx ON sessions (client_id, started_at DESC);

CREATE TABLE two_factor (
  user_id              integer PRIMARY KEY REFERENCES client_users ON DELETE CASCADE,
  totp_secret          text,
  enabled              boolean NOT NULL DEFAULT false,
  enabled_at           timestamptz,
  recovery_code_hashes text[] NOT NULL DEFAULT '{}'
);

CREATE TABLE user_tokens (
  token_id             serial PRIMARY KEY,
  user_id              integer NOT NULL REFERENCES client_users ON DELETE CASCADE,
  email                text NOT NULL,
  purpose              text NOT NULL CHECK (purpose IN ('reset', 'invite')),
  token_hash           text NOT NULL UNIQUE,
  created_at           timestamptz NOT NULL DEFAULT now(),
  expires_at           timestamptz NOT NULL,
  used_at              timestamptz,
  voided_at            timestamptz
);
CREATE INDEX user_tokens_user_purpose_idx ON user_tokens (user_id, purpose);

CREATE TABLE used_captchas (
  signature            text PRIMARY KEY,
  expires_at           timestamptz NOT NULL
);
CREATE INDEX used_captchas_expires_at_idx ON used_captchas (expires_at);

CREATE TABLE mail_outbox (
  mail_id              serial PRIMARY KEY,
  to_address           text NOT NULL,
  subject              text NOT NULL,
  template             text NOT NULL,
  text_body            text NOT NULL,
  html_body            text NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  sent_at              timestamptz,
  error                text
);
CREATE INDEX mail_outbox_to_address_idx ON mail_outbox (lower(to_address), created_at DESC);

CREATE TABLE audit_log (
  audit_id             bigserial PRIMARY KEY,
  client_id            integer REFERENCES clients ON DELETE CASCADE,
  actor_user_id        integer REFERENCES client_users ON DELETE SET NULL,
  action               text NOT NULL,
  entity_type          text NOT NULL,
  entity_id            text,
  before               jsonb,
  after                jsonb,
  ip                   text,
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_client_id_idx ON audit_log (client_id, created_at DESC);
CREATE INDEX audit_log_actor_user_id_idx ON audit_log (actor_user_id);
CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id);

CREATE TABLE api_keys (
  key_id               serial PRIMARY KEY,
  name                 text NOT NULL,
  key_prefix           text NOT NULL,
  key_hash             text NOT NULL UNIQUE,
  access               text NOT NULL CHECK (access IN ('READ', 'READ_WRITE')),
  client_id            integer REFERENCES clients ON DELETE CASCADE,
  created_by           integer REFERENCES client_users ON DELETE SET NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  expires_at           timestamptz,
  last_used_at         timestamptz,
  revoked_at           timestamptz
);
CREATE INDEX api_keys_client_id_idx ON api_keys (client_id);
CREATE INDEX api_keys_created_by_idx ON api_keys (created_by);
