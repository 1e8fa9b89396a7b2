-- The provider's enquiry list: pending, rejected and approved enquiries, searched and sorted on the
-- server. Each sort index leads with what the list orders by and ends with the primary key, so a
-- page reads only its own rows. The status is the list's main filter, so it leads its own index.

CREATE INDEX enquiries_status_sort_idx ON enquiries (
  (CASE WHEN is_approved IS NULL THEN 'PENDING' WHEN is_approved = 'R' THEN 'REJECTED' ELSE 'APPROVED' END),
  enquiry_id
);
CREATE INDEX enquiries_company_name_sort_idx ON enquiries (lower(company_name), enquiry_id);
CREATE INDEX enquiries_admin_email_sort_idx ON enquiries (lower(admin_email), enquiry_id);
CREATE INDEX enquiries_created_at_sort_idx ON enquiries (created_at, enquiry_id);
CREATE INDEX enquiries_decided_at_sort_idx ON enquiries (decided_at, enquiry_id);
