-- An organisation can be deactivated by the provider; the organisation list filters on it.
ALTER TABLE clients ADD COLUMN is_active boolean NOT NULL DEFAULT true;
CREATE INDEX clients_is_active_idx ON clients (is_active, client_id);

-- The list's licence columns read each organisation's live licences by organisation and end day.
CREATE INDEX licences_live_client_valid_till_idx ON licences (client_id, valid_till) WHERE is_active;
