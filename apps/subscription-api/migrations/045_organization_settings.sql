-- Settings an organisation's admins (and the provider) keep for it: how long a session may sit idle
-- before it ends (NULL: until it expires) and which email domains invitations may go to (none
-- listed: any).

ALTER TABLE org_settings
  ADD COLUMN session_idle_minutes integer CHECK (session_idle_minutes BETWEEN 5 AND 1440),
  ADD COLUMN allowed_email_domains text[] NOT NULL DEFAULT '{}';
