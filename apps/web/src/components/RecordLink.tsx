import { Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

type Props = {
  /** The record's own page. */
  to: string;
  children: ReactNode;
  /** Says more than the visible text, e.g. "Open Ann Lee’s page". */
  label?: string;
  testId?: string;
};

/**
 * A record named in a list, linking to its own page: a real link, so it opens in a new tab too.
 */
export function RecordLink({ to, children, label, testId }: Props) {
  return (
    <Link asChild color="brand.fg" fontWeight="medium" textDecoration="underline" textUnderlineOffset="3px">
      <RouterLink to={to} aria-label={label} data-testid={testId}>
        {children}
      </RouterLink>
    </Link>
  );
}
