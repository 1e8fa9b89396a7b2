export const groupManagementPath = '/GroupManagement';
