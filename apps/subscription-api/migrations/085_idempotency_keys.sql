-- A creating operation called with an `Idempotency-Key` header is done once per key: the first
-- call claims (caller, key, operation) with a digest of its body before it creates anything, and
-- its answer is kept, sealed, when it succeeded; a repeat with the same body is answered the kept
-- answer, a repeat with another body is refused. An unanswered claim (the call is still running,
-- or the service stopped in the middle of it) refuses repeats rather than risk creating twice.
-- Keys last 24 hours; a refused or failed call gives its key back.
CREATE TABLE idempotency_keys (
  caller               text NOT NULL,
  idempotency_key      text NOT NULL,
  operation            text NOT NULL,
  body_hash            text NOT NULL,
  status               integer,
  content_type         text,
  answer               text,
  created_at           timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (caller, idempotency_key, operation)
);
CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at);
