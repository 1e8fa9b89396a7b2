-- The outbox shows each mail as it was sent, with the token of every reset, invitation and
-- set-password link hidden, so nobody who reads the outbox can follow a link into someone's
-- account; resending the mail gives the person a fresh link. The service writes the masked parts
-- of new mail itself, from the tokens it put in. Mail written before gets them here, from the two
-- shapes those links have always had: /forgotpassword/{token}/{email} and /setpassword/…?token={token}.
ALTER TABLE mail_outbox ADD COLUMN masked_text_body text, ADD COLUMN masked_html_body text;

UPDATE mail_outbox
   SET masked_text_body = regexp_replace(
         regexp_replace(text_body, '(/forgotpassword/)[^/?#[:space:]"''<>]+', '\1••••••', 'g'),
         '(\?|&|&amp;)(token=)[^&#[:space:]"''<>]+', '\1\2••••••', 'g'),
       masked_html_body = regexp_replace(
         regexp_replace(html_body, '(/forgotpassword/)[^/?#[:space:]"''<>]+', '\1••••••', 'g'),
         '(\?|&|&amp;)(token=)[^&#[:space:]"''<>]+', '\1\2••••••', 'g');

ALTER TABLE mail_outbox ALTER COLUMN masked_text_body SET NOT NULL, ALTER COLUMN masked_html_body SET NOT NULL;
