-- Projects can be closed (they stay, with their allocations, issues and releases, shown as closed),
-- and the project lists sort by short code, name or age within one organisation.
ALTER TABLE projects ADD COLUMN closed_at timestamptz;
CREATE INDEX projects_client_id_idx ON projects (client_id, project_id);
CREATE INDEX projects_short_code_sort_idx ON projects (lower(short_code), project_id);
CREATE INDEX projects_name_sort_idx ON projects (lower(name), project_id);
CREATE INDEX projects_created_at_sort_idx ON projects (created_at, project_id);

-- A person holds at most one current allocation to a project; ending it makes room for a new one.
CREATE UNIQUE INDEX project_allocations_current_key ON project_allocations (project_id, user_id) WHERE is_current;
-- A person's total over their current allocations is read for every row of a list.
CREATE INDEX project_allocations_current_user_idx ON project_allocations (user_id) WHERE is_current;
-- Percentages are 1 to 100: a zero allocation is no allocation.
UPDATE project_allocations SET alloc_percentage = 1 WHERE alloc_percentage < 1;
ALTER TABLE project_allocations ADD CONSTRAINT project_allocations_percentage_check CHECK (alloc_percentage BETWEEN 1 AND 100);
