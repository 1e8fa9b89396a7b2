-- Each step of a sign-in has a budget of wrong codes of its own: the wrong codes given to it are
-- counted, and once there are five the step ends (the person signs in with their password again).
ALTER TABLE sign_in_challenges ADD COLUMN failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0);
