-- The signed-in person's profile, read for every screen of the console, counts their organisation's
-- active people and the seats those people take: both read that organisation's active people from
-- this index alone, without visiting the table, however many people other organisations have.
CREATE INDEX client_users_active_client_idx ON client_users (client_id, user_id) WHERE is_active;
