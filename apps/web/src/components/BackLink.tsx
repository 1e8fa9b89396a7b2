import { Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';

/** A quiet way back, e.g. "Back to sign in" under a public form. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild color="brand.fg" fontWeight="medium" fontSize="sm">
      <RouterLink to={to}>
        <LuArrowLeft aria-hidden /> {children}
      </RouterLink>
    </Link>
  );
}
