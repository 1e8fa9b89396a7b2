import type { ViewerFieldsFragment } from '@/generated/graphql';
import { httpUrl } from '@/lib/httpUrl';
import { AdminsOnlyNotice } from '@/features/auth/components/AdminsOnlyNotice';
import { useSignOut } from './useSignOut';

export default function AdminsOnlyView({ viewer }: { viewer: ViewerFieldsFragment }) {
  const { signOut, signingOut } = useSignOut();
  return (
    <AdminsOnlyNotice
      email={viewer.email}
      organizationName={viewer.organization.companyName}
      // Where this member works day to day; the notice simply omits it if it is not a web address.
      productUrl={httpUrl(viewer.productUrl)}
      signingOut={signingOut}
      onSignOut={() => void signOut()}
    />
  );
}
