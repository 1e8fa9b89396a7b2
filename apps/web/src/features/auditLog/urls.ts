export const auditLogPath = '/AuditLog';
