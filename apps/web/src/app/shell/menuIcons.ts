import type { MenuPath } from '@yozy/shared';
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

// Keyed by menu path: the server sends the entries, the console picks their pictures. Every path
// of the menu table has one, and a path it no longer has does not compile.
const ICONS: Record<MenuPath, IconType> = {
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

/** The picture of a menu entry the server sent; a path this console does not know gets a plain one. */
export function menuIcon(path: string): IconType {
  return Object.hasOwn(ICONS, path) ? ICONS[path as MenuPath] : LuLayers;
}
