import { SessionsScreen } from './SessionsScreen';

/** The organisation admin's own sessions screen (the menu's User Sessions). */
export default function UserSessionsView() {
  return <SessionsScreen />;
}
