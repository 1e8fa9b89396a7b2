import { Link } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { loginPath } from '../urls';

export function BackToSignIn() {
  return (
    <Link asChild color="brand.fg" fontWeight="medium" fontSize="sm">
      <RouterLink to={loginPath}>
        <LuArrowLeft aria-hidden /> Back to sign in
      </RouterLink>
    </Link>
  );
}
