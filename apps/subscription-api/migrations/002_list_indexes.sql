-- Lists sort only on indexed columns, each followed by the primary key as a tie-breaker so pages
-- never repeat or skip a row. Every index here serves ORDER BY <column>, <primary key> in either
-- direction, so a page of a long list reads only its own rows. Names sort case-insensitively.

-- Replaced by the sort indexes below, which lead with the same expressions.
DROP INDEX clients_company_name_idx;
DROP INDEX clients_date_onboarded_idx;

CREATE INDEX clients_company_name_sort_idx ON clients (lower(company_name), client_id);
CREATE INDEX clients_contact_name_sort_idx ON clients (lower(contact_name), client_id);
CREATE INDEX clients_date_onboarded_sort_idx ON clients (date_onboarded, client_id);
CREATE INDEX clients_client_type_sort_idx ON clients (client_type, client_id);
CREATE INDEX clients_business_vertical_sort_idx ON clients (business_vertical, client_id);

CREATE INDEX products_product_name_sort_idx ON products (lower(product_name), product_id);
CREATE INDEX plans_cost_sort_idx ON plans (cost, plan_id);
