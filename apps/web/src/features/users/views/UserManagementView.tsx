import { UsersScreen } from './UsersScreen';

/** The organisation admin's own user management (/UserManagement). */
export default function UserManagementView() {
  return <UsersScreen />;
}
