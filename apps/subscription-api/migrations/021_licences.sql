-- The licence list of an organisation sorts by the day a licence runs out.
CREATE INDEX licences_valid_till_sort_idx ON licences (valid_till, licence_id);
