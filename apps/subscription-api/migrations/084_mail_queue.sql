-- The outbox is a queue: a mail no server took is tried again, later each time, for a day before
-- it is given up. `attempts` counts the tries, `next_attempt_at` is when the mail is next due (null
-- once it is sent, given up, or kept because no mail server is set), `error` keeps the last
-- server's reason, `failed_at` says it was given up, `queued_at` is when its day of tries began
-- (a SuperAdmin's Retry begins another), and `locked_until` is the lease of the service sending it
-- now: two services on one database never both take a mail, and a lease a stopped service left
-- runs out.
ALTER TABLE mail_outbox
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN next_attempt_at timestamptz,
  ADD COLUMN locked_until timestamptz,
  ADD COLUMN queued_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN failed_at timestamptz;

-- Mail written before: what was refused was given up then; what was neither sent nor refused was
-- kept (no server was set), and stays so.
UPDATE mail_outbox
   SET queued_at = created_at,
       attempts = CASE WHEN sent_at IS NOT NULL OR error IS NOT NULL THEN 1 ELSE 0 END,
       failed_at = CASE WHEN sent_at IS NULL AND error IS NOT NULL THEN created_at END;

-- The mail due next, for the services that take them from the queue.
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at, mail_id) WHERE next_attempt_at IS NOT NULL;
