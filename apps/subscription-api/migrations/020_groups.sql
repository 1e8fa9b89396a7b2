-- Sort indexes of the group lists: groups by name or age, and people (a group's members and the
-- organisation's people offered to it) by name, each followed by its tie-breaker.
CREATE INDEX groups_name_sort_idx ON groups (lower(name), group_id);
CREATE INDEX groups_created_at_sort_idx ON groups (created_at, group_id);
CREATE INDEX groups_client_id_idx ON groups (client_id, group_id);
CREATE INDEX group_people_name_sort_idx ON client_users (lower(first_name), lower(last_name), user_id);
