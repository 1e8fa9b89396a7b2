-- The user management list: an organisation's people are always listed within one organisation,
-- so every sort index leads with the organisation and ends with the primary key as tie-breaker.
CREATE INDEX client_users_client_name_sort_idx ON client_users (client_id, lower(first_name), user_id);
CREATE INDEX client_users_client_email_sort_idx ON client_users (client_id, lower(email), user_id);
CREATE INDEX client_users_client_department_sort_idx ON client_users (client_id, lower(department_name), user_id);
CREATE INDEX client_users_client_created_sort_idx ON client_users (client_id, created_at, user_id);

-- A user's roles, read for the detail drawer and the seat count.
CREATE INDEX user_roles_user_product_idx ON user_roles (user_id, product_id);
