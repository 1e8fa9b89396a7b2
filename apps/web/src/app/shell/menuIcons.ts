import type { IconType } from 'react-icons';
import {
  LuBuilding2,
  LuChartColumn,
  LuClipboardList,
  LuCreditCard,
  LuLayers,
  LuLayoutDashboard,
  LuHistory,
  LuMonitorSmartphone,
  LuSettings,
  LuShieldCheck,
  LuUsers,
  LuUsersRound,
} from 'react-icons/lu';

// Keyed by menu path: the server sends the entries, the console picks their pictures.
const ICONS: Record<string, IconType> = {
  '/dashboard': LuLayoutDashboard,
  '/UserManagement': LuUsers,
  '/GroupManagement': LuUsersRound,
  '/subscriptionDetails': LuCreditCard,
  '/OrgUserSessions.js': LuMonitorSmartphone,
  '/Statistics': LuChartColumn,
  '/AuditLog': LuHistory,
  '/TwoFactor': LuShieldCheck,
  '/EnquireDetails': LuClipboardList,
  '/OrganizationDetails': LuBuilding2,
  '/platformsettings': LuSettings,
};

export function menuIcon(path: string): IconType {
  return ICONS[path] ?? LuLayers;
}
