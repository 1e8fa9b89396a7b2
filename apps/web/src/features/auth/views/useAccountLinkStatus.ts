import { useState } from 'react';
import { useAccountLinkStatusQuery, type AccountLinkPurpose, type AccountLinkStatus } from '@/generated/graphql';

/** Where an emailed link stands: being checked, usable, no longer usable, or its person is deactivated. */
export type LinkState = 'CHECKING' | AccountLinkStatus;

/**
 * Checks an emailed link before its form is shown (SPEC §2: a spinner first). A link that is not
 * well formed, or that could not be checked, counts as expired: it cannot be trusted. What a
 * refused submission says later (`refuse`) overrides the first answer, as the link may have been
 * used or the person deactivated meanwhile.
 */
export function useAccountLinkStatus(
  purpose: AccountLinkPurpose,
  link: { email: string; token: string; wellFormed: boolean },
): { state: LinkState; refuse: (status: Exclude<AccountLinkStatus, 'VALID'>) => void } {
  const [refused, refuse] = useState<Exclude<AccountLinkStatus, 'VALID'> | null>(null);
  const check = useAccountLinkStatusQuery({
    variables: { purpose, email: link.email, token: link.token },
    skip: !link.wellFormed,
    fetchPolicy: 'network-only',
  });
  const state: LinkState = refused ?? (!link.wellFormed || check.error ? 'EXPIRED' : (check.data?.accountLinkStatus ?? 'CHECKING'));
  return { state, refuse };
}
