-- A person's lifecycle (src/domain/personLifecycle.ts): invited people become active when they
-- first get in. Choosing a password through the invitation said so until now; a person who signs
-- in with single sign-on never chooses one, and stayed "invited" however often they signed in.
-- joined_at is when the person first got in, by either way; the people who did before this
-- migration are those with a password, or with a sign-in session.
ALTER TABLE client_users ADD COLUMN joined_at timestamptz;

UPDATE client_users SET joined_at = coalesce(password_changed_at, created_at) WHERE password_hash IS NOT NULL;

UPDATE client_users u SET joined_at = s.first_sign_in
  FROM (SELECT user_id, min(started_at) AS first_sign_in FROM sessions GROUP BY user_id) s
 WHERE s.user_id = u.user_id AND u.joined_at IS NULL;
