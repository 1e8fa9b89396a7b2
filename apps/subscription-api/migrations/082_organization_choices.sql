-- The lists an organisation's business vertical and client type are chosen from, kept by the
-- provider in Platform Settings (add, rename, retire; delete while unused). Organisations keep the
-- entry's name, as before, so every reader of the record and its list filters stay as they were;
-- a rename carries the new name onto the organisations and enquiries that chose the entry.

CREATE TABLE organization_choices (
  choice_id            serial PRIMARY KEY,
  choice_list          text NOT NULL CHECK (choice_list IN ('BusinessVertical', 'ClientType')),
  choice_name          text NOT NULL CHECK (length(choice_name) BETWEEN 1 AND 100 AND choice_name = btrim(choice_name)),
  is_active            boolean NOT NULL DEFAULT true,
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX organization_choices_name_key ON organization_choices (choice_list, lower(choice_name));
-- The list sorts by name with the primary key as the tie-breaker.
CREATE INDEX organization_choices_name_sort_idx ON organization_choices (lower(choice_name), choice_id);

-- The entries the organisations in use so far name.
INSERT INTO organization_choices (choice_list, choice_name)
VALUES ('BusinessVertical', 'Finance'), ('BusinessVertical', 'Health'), ('BusinessVertical', 'Industrial'),
       ('BusinessVertical', 'Logistics'), ('BusinessVertical', 'Manufacturing'), ('BusinessVertical', 'Media'),
       ('BusinessVertical', 'Retail'), ('BusinessVertical', 'SaaS'), ('BusinessVertical', 'Utilities'),
       ('ClientType', 'Enterprise'), ('ClientType', 'SMB'), ('ClientType', 'Startup'), ('ClientType', 'Provider');

-- Values typed before the lists: blanks are no value; a value that is an entry but for case or
-- spaces takes the entry's spelling. Anything else stays as it is, shown as typed, and the
-- organisation's form asks for a choice from the list when it is next saved.
UPDATE clients SET business_vertical = nullif(btrim(business_vertical), ''), client_type = nullif(btrim(client_type), '')
 WHERE business_vertical IS DISTINCT FROM nullif(btrim(business_vertical), '')
    OR client_type IS DISTINCT FROM nullif(btrim(client_type), '');
UPDATE clients c SET business_vertical = o.choice_name FROM organization_choices o
 WHERE o.choice_list = 'BusinessVertical' AND lower(c.business_vertical) = lower(o.choice_name) AND c.business_vertical <> o.choice_name;
UPDATE clients c SET client_type = o.choice_name FROM organization_choices o
 WHERE o.choice_list = 'ClientType' AND lower(c.client_type) = lower(o.choice_name) AND c.client_type <> o.choice_name;
UPDATE enquiries SET business_vertical = nullif(btrim(business_vertical), ''), client_type = nullif(btrim(client_type), '')
 WHERE business_vertical IS DISTINCT FROM nullif(btrim(business_vertical), '')
    OR client_type IS DISTINCT FROM nullif(btrim(client_type), '');
UPDATE enquiries e SET business_vertical = o.choice_name FROM organization_choices o
 WHERE o.choice_list = 'BusinessVertical' AND lower(e.business_vertical) = lower(o.choice_name) AND e.business_vertical <> o.choice_name;
UPDATE enquiries e SET client_type = o.choice_name FROM organization_choices o
 WHERE o.choice_list = 'ClientType' AND lower(e.client_type) = lower(o.choice_name) AND e.client_type <> o.choice_name;

-- Countries and currencies are ISO codes (ISO 3166-1 alpha-2, ISO 4217), stored in capitals; the
-- names people typed for the countries the data used so far become their codes. A value that is no
-- code of the standard lists stays as it is, and the form asks for a choice when it is next saved.
CREATE FUNCTION pg_temp.country_code_of(code text, name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(
    CASE WHEN btrim(code) ~ '^[A-Za-z]{2}$' THEN upper(btrim(code)) END,
    CASE lower(btrim(coalesce(code, name)))
      WHEN 'usa' THEN 'US' WHEN 'united states' THEN 'US' WHEN 'united states of america' THEN 'US'
      WHEN 'uk' THEN 'GB' WHEN 'united kingdom' THEN 'GB' WHEN 'great britain' THEN 'GB'
      WHEN 'india' THEN 'IN' WHEN 'france' THEN 'FR' WHEN 'kenya' THEN 'KE' WHEN 'germany' THEN 'DE'
    END,
    CASE lower(btrim(name))
      WHEN 'usa' THEN 'US' WHEN 'united states' THEN 'US' WHEN 'united states of america' THEN 'US'
      WHEN 'uk' THEN 'GB' WHEN 'united kingdom' THEN 'GB' WHEN 'great britain' THEN 'GB'
      WHEN 'india' THEN 'IN' WHEN 'france' THEN 'FR' WHEN 'kenya' THEN 'KE' WHEN 'germany' THEN 'DE'
    END,
    nullif(btrim(code), ''));
$$;
UPDATE clients SET country_code = pg_temp.country_code_of(country_code, country)
 WHERE country_code IS DISTINCT FROM pg_temp.country_code_of(country_code, country);
UPDATE enquiries SET country_code = pg_temp.country_code_of(country_code, country)
 WHERE country_code IS DISTINCT FROM pg_temp.country_code_of(country_code, country);
-- ISO 4217 codes are three capital letters; only their case and spaces change.
UPDATE clients SET currency_code = upper(btrim(currency_code)) WHERE currency_code ~ '^\s*[A-Za-z]{3}\s*$' AND currency_code <> upper(btrim(currency_code));
UPDATE enquiries SET currency_code = upper(btrim(currency_code)) WHERE currency_code ~ '^\s*[A-Za-z]{3}\s*$' AND currency_code <> upper(btrim(currency_code));

-- The organisation list filters by country and currency, and offers the values in use.
CREATE INDEX clients_country_code_idx ON clients (country_code);
CREATE INDEX clients_currency_code_idx ON clients (currency_code);
