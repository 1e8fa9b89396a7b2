-- The invitations list: the newest invitation of each person, newest first.
CREATE INDEX user_tokens_invite_sent_sort_idx ON user_tokens (created_at, token_id) WHERE purpose = 'invite';
