-- The role master of Platform Settings: the roles of each product that organisations give their
-- people. A role someone holds is retired rather than deleted: it is offered no more, and the people
-- who hold it keep it.

ALTER TABLE roles ADD COLUMN is_active boolean NOT NULL DEFAULT true;
-- One name per product, whatever its case.
CREATE UNIQUE INDEX roles_product_name_key ON roles (product_id, lower(role_name));
-- The list sorts by name and by product, each with the primary key as the tie-breaker.
CREATE INDEX roles_name_sort_idx ON roles (lower(role_name), role_id);
CREATE INDEX roles_product_sort_idx ON roles (product_id, role_id);
