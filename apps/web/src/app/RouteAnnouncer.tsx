import { VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { onPageTitle } from '@/lib/pageTitle';

/**
 * Tells screen reader users that another screen has opened, as a page load would: a single page
 * application changes the screen without one. The first screen is left to the page load itself.
 */
export function RouteAnnouncer() {
  const [message, setMessage] = useState('');
  useEffect(() => onPageTitle(setMessage), []);
  return (
    <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </VisuallyHidden>
  );
}
