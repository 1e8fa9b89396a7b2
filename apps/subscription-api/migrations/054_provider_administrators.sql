-- The provider's administrators in Platform Settings: the SuperAdmins, listed by name or email.
CREATE INDEX client_users_superadmin_name_sort_idx ON client_users (lower(first_name), user_id) WHERE type_of_user = 'SuperAdmin';
CREATE INDEX client_users_superadmin_email_sort_idx ON client_users (lower(email), user_id) WHERE type_of_user = 'SuperAdmin';
