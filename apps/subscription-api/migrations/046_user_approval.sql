-- Approval of new people: in an organisation whose settings ask for it (org_settings.requires_approval),
-- an account someone other than the organisation's own admins creates (the provider, from the
-- organisation's user tab or an import) waits for one of its admins to approve it before the
-- invitation goes out. It holds its seat meanwhile; declining it deletes it.
ALTER TABLE client_users ADD COLUMN awaiting_approval boolean NOT NULL DEFAULT false;
CREATE INDEX client_users_awaiting_approval_idx ON client_users (client_id) WHERE awaiting_approval;
