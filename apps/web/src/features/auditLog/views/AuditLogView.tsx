import { AuditLogScreen } from './AuditLogScreen';

/** The organisation admin's own audit log (the menu's Audit Log). */
export default function AuditLogView() {
  return <AuditLogScreen />;
}
