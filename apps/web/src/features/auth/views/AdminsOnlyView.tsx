import { useProductRedirectUrlQuery, type ViewerFieldsFragment } from '../../../generated/graphql';
import { httpUrl } from '../../../lib/httpUrl';
import { AdminsOnlyNotice } from '../components/AdminsOnlyNotice';
import { useSignOut } from './useSignOut';

export default function AdminsOnlyView({ viewer }: { viewer: ViewerFieldsFragment }) {
  const { signOut, signingOut } = useSignOut();
  // Where this member works day to day (DESIGN §3); the notice simply omits it if unknown.
  const { data } = useProductRedirectUrlQuery({ variables: { email: viewer.email } });
  return (
    <AdminsOnlyNotice
      email={viewer.email}
      organizationName={viewer.organization.companyName}
      productUrl={httpUrl(data?.productRedirectUrl)}
      signingOut={signingOut}
      onSignOut={() => void signOut()}
    />
  );
}
