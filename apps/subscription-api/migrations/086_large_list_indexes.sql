-- Lists at real size (10,000 organisations, a million sessions): the provider's sessions list over
-- every organisation, sorted by when a session started, was last used or ended, reads its page by
-- these instead of sorting every session (the organisation-led indexes of 030 serve one
-- organisation's list only).
CREATE INDEX sessions_started_sort_idx ON sessions (started_at, session_id);
CREATE INDEX sessions_last_seen_sort_idx ON sessions (last_seen_at, session_id);
CREATE INDEX sessions_ended_sort_idx ON sessions (ended_at, session_id);

-- The outbox filtered by a mail's status (as the console's status filter asks) finds those mails
-- and counts them by this index rather than reading every mail written. The expression is the
-- list's Status field, written as the list writes it.
CREATE INDEX mail_outbox_status_idx ON mail_outbox ((CASE WHEN sent_at IS NOT NULL THEN 'SENT' WHEN failed_at IS NOT NULL THEN 'FAILED'
  WHEN next_attempt_at IS NULL THEN 'KEPT' WHEN attempts > 0 THEN 'RETRYING' ELSE 'QUEUED' END), mail_id);
