-- The sign-in sessions screen lists one organisation's sessions (or one user's), sorted by when
-- they started, were last seen or ended. Each index leads with the organisation, so a page of a
-- large organisation reads only its own rows, and ends with the primary key as the tie-breaker.

CREATE INDEX sessions_client_started_sort_idx ON sessions (client_id, started_at, session_id);
CREATE INDEX sessions_client_last_seen_sort_idx ON sessions (client_id, last_seen_at, session_id);
CREATE INDEX sessions_client_ended_sort_idx ON sessions (client_id, ended_at, session_id);
-- Live sessions of a user, which "end all of this user's sessions" and a password change look up.
CREATE INDEX sessions_user_live_idx ON sessions (user_id) WHERE ended_at IS NULL;

