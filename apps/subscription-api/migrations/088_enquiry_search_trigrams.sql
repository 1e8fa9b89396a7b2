-- The provider's enquiry search looks for its text anywhere in the company's name, the admin's
-- first name, last name and email and the contact's name (`ILIKE '%text%'`, the gateway's search of
-- the enquiries list). A B-tree cannot find text in the middle of a value, so the search read every
-- enquiry; these trigram indexes find the enquiries holding the text's three-letter pieces in each
-- field, and PostgreSQL ORs them. pg_trgm ships with PostgreSQL (contrib) and is trusted: the
-- database's owner may create it. The embedded database loads it too (src/db/database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX enquiries_company_name_trgm_idx ON enquiries USING gin (company_name gin_trgm_ops);
CREATE INDEX enquiries_admin_first_name_trgm_idx ON enquiries USING gin (admin_first_name gin_trgm_ops);
CREATE INDEX enquiries_admin_last_name_trgm_idx ON enquiries USING gin (admin_last_name gin_trgm_ops);
CREATE INDEX enquiries_admin_email_trgm_idx ON enquiries USING gin (admin_email gin_trgm_ops);
CREATE INDEX enquiries_contact_name_trgm_idx ON enquiries USING gin (contact_name gin_trgm_ops);
