import type { EmailTemplateName, WordingSource } from '@/generated/graphql';

/** What each mail is, as the settings name it. */
export const TEMPLATE_LABELS: Record<EmailTemplateName, { title: string; when: string }> = {
  INVITATION: { title: 'Invitation', when: 'Sent to a person invited to choose a password' },
  RESET: { title: 'Password reset', when: 'Sent when someone asks to reset their password' },
  ENQUIRY_RECEIVED: { title: 'Enquiry received', when: 'Sent to a company when its sign-up enquiry arrives' },
  ENQUIRY_REJECTED: { title: 'Enquiry turned down', when: 'Sent to a company whose enquiry the provider rejects' },
};

export const SOURCE_LABELS: Record<WordingSource, string> = {
  OWN: 'Own wording',
  PROVIDER: 'Provider’s wording',
  DEFAULT: 'Default wording',
};
