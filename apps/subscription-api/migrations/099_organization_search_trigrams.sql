-- The provider's organisation search looks for its text anywhere in the company's name and the
-- contact's name (`ILIKE '%text%'`, the gateway's search of the organisations list). A B-tree
-- cannot find text in the middle of a value, so a search for a name few organisations hold read
-- every organisation (ten thousand at full size), each through the ILIKE of both fields; these
-- trigram indexes find the organisations holding the text's three-letter pieces in either field,
-- and PostgreSQL ORs them (pg_trgm: migration 088). A text most organisations hold is still read
-- along the list's order, where a page of it comes at once.
CREATE INDEX clients_company_name_trgm_idx ON clients USING gin (company_name gin_trgm_ops);
CREATE INDEX clients_contact_name_trgm_idx ON clients USING gin (contact_name gin_trgm_ops);
