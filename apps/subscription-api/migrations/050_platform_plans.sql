-- The provider's plan master in Platform Settings: lists sort by name, group and capacity
-- (cost already has its index), and two plans of one product never share a name.

CREATE INDEX plans_plan_name_sort_idx ON plans (lower(plan_name), plan_id);
CREATE INDEX plans_plan_group_sort_idx ON plans (plan_group, plan_id);
CREATE INDEX plans_capacity_sort_idx ON plans (capacity, plan_id);
CREATE UNIQUE INDEX plans_product_plan_name_key ON plans (product_id, lower(plan_name));
