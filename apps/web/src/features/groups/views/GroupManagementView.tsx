import { GroupsScreen } from './GroupsScreen';

/** An organisation admin's groups: the server scopes them to the viewer's own organisation. */
export default function GroupManagementView() {
  return <GroupsScreen />;
}
