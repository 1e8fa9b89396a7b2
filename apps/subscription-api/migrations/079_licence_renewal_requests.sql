-- An organisation admin's request to renew a licence about to expire reaches the provider as an
-- enquiry naming the licence and the last day it had when asked. One open (undecided) request per
-- licence; an admin may have several open at once (one per licence), so the one-open-enquiry-per-email
-- rule keeps to sign-up enquiries.

ALTER TABLE enquiries
  ADD COLUMN licence_id integer REFERENCES licences ON DELETE CASCADE,
  ADD COLUMN licence_valid_till date;

DROP INDEX enquiries_pending_admin_email_key;
CREATE UNIQUE INDEX enquiries_pending_admin_email_key ON enquiries (lower(admin_email)) WHERE is_approved IS NULL AND licence_id IS NULL;
CREATE UNIQUE INDEX enquiries_open_renewal_key ON enquiries (licence_id) WHERE is_approved IS NULL AND licence_id IS NOT NULL;
