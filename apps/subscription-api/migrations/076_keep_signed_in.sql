-- A person chooses at sign-in whether to be kept signed in (a day) or not (three hours). The
-- choice waits with a sign-in's second step and with a single sign-on under way, so the session
-- they end in lasts as the person chose when they started, whatever a later request says.
ALTER TABLE sign_in_challenges ADD COLUMN keep_signed_in boolean NOT NULL DEFAULT true;
ALTER TABLE sso_attempts ADD COLUMN keep_signed_in boolean NOT NULL DEFAULT true;
