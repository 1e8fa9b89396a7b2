-- Webhooks (Standard Webhooks): the addresses an organisation (or the provider, for every
-- organisation) registers to be told when something changes, the events written in the same
-- transaction as each change, and one delivery of each event to each endpoint that wants it.

-- An endpoint of an organisation gets that organisation's events; an endpoint of the provider's
-- own organisation gets every organisation's. `event_types` null: every event. The signing
-- secret is sealed (secretBox); after a rotation the previous one keeps signing beside the new
-- one until `previous_secret_until`. `paused_at` with `pause_reason` (FAILING after a day of
-- failed tries, or ADMIN) stops deliveries until it is resumed; `locked_until` is the lease of
-- the service delivering to it now, so one delivery per endpoint is under way at a time and
-- each endpoint gets its events in order, however many services run.
CREATE TABLE webhook_endpoints (
  endpoint_id            serial PRIMARY KEY,
  client_id              integer NOT NULL REFERENCES clients ON DELETE CASCADE,
  url                    text NOT NULL,
  description            text,
  event_types            text[],
  secret_sealed          text NOT NULL,
  previous_secret_sealed text,
  previous_secret_until  timestamptz,
  paused_at              timestamptz,
  pause_reason           text CHECK (pause_reason IN ('FAILING', 'ADMIN')),
  locked_until           timestamptz,
  created_by             integer REFERENCES client_users (user_id) ON DELETE SET NULL,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  CHECK ((paused_at IS NULL) = (pause_reason IS NULL))
);
CREATE INDEX webhook_endpoints_client_idx ON webhook_endpoints (client_id, endpoint_id);

-- One change, as every endpoint that wants it gets it: `message_id` is the webhook-id header
-- (the same for every try and redelivery, so a receiver can tell a repeat), `payload` the exact
-- body signed. `client_id` is the organisation it concerns; null for the provider's own (a
-- sign-up enquiry before there is an organisation).
CREATE TABLE webhook_events (
  event_id    bigserial PRIMARY KEY,
  message_id  text NOT NULL UNIQUE,
  client_id   integer REFERENCES clients ON DELETE CASCADE,
  event_type  text NOT NULL,
  payload     text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- One event to one endpoint. Pending while neither `succeeded_at` nor `failed_at` is set: the
-- endpoint's pending delivery with the smallest id goes first, tried at `next_attempt_at`, again
-- and again later each time for a day from `first_attempt_at`, then given up (`failed_at`) and
-- the endpoint paused. `response_status` and `error` keep the last try's answer.
CREATE TABLE webhook_deliveries (
  delivery_id      bigserial PRIMARY KEY,
  endpoint_id      integer NOT NULL REFERENCES webhook_endpoints ON DELETE CASCADE,
  event_id         bigint NOT NULL REFERENCES webhook_events ON DELETE CASCADE,
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  first_attempt_at timestamptz,
  last_attempt_at  timestamptz,
  response_status  integer,
  error            text,
  succeeded_at     timestamptz,
  failed_at        timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
-- Each endpoint's pending deliveries in order: the queue's head is the first of them.
CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (endpoint_id, delivery_id)
  WHERE succeeded_at IS NULL AND failed_at IS NULL;
-- An endpoint's deliveries in the order they were written, for the console's list (newest first).
CREATE INDEX webhook_deliveries_endpoint_sort_idx ON webhook_deliveries (endpoint_id, created_at, delivery_id);
CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id);

-- The licences told to be expiring within 30 days, for each last day: the daily look is made by
-- every service, and the first to write a licence's row here is the one that tells.
CREATE TABLE webhook_licence_expiry_notices (
  licence_id  integer NOT NULL REFERENCES licences ON DELETE CASCADE,
  valid_till  date NOT NULL,
  noticed_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (licence_id, valid_till)
);
