-- Email settings of an organisation, and of the provider (its row is everyone's default): the sender
-- name and reply-to address, an optional SMTP server of its own (the password sealed with
-- SECRET_KEY), and its wording of the editable mails. Outbox rows say whose mail they are, so a
-- mail goes out through its organisation's server.
CREATE TABLE email_settings (
  client_id            integer PRIMARY KEY REFERENCES clients ON DELETE CASCADE,
  sender_name          text,
  reply_to             text,
  smtp_host            text,
  smtp_port            integer CHECK (smtp_port BETWEEN 1 AND 65535),
  smtp_security        text NOT NULL DEFAULT 'STARTTLS' CHECK (smtp_security IN ('STARTTLS', 'TLS', 'NONE')),
  smtp_username        text,
  smtp_password_sealed text,
  smtp_from_address    text,
  updated_at           timestamptz NOT NULL DEFAULT now(),
  CHECK (smtp_host IS NULL OR (smtp_port IS NOT NULL AND smtp_from_address IS NOT NULL))
);

CREATE TABLE mail_templates (
  client_id            integer NOT NULL REFERENCES clients ON DELETE CASCADE,
  template             text NOT NULL CHECK (template IN ('invitation', 'reset', 'enquiry_received', 'enquiry_rejected')),
  subject              text NOT NULL,
  body                 text NOT NULL,
  updated_at           timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, template)
);

ALTER TABLE mail_outbox ADD COLUMN client_id integer REFERENCES clients ON DELETE SET NULL;
CREATE INDEX mail_outbox_client_id_idx ON mail_outbox (client_id);
-- The provider's outbox viewer, newest first.
CREATE INDEX mail_outbox_created_sort_idx ON mail_outbox (created_at, mail_id);
