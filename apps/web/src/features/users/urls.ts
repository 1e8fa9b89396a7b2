export const userManagementPath = '/UserManagement';
