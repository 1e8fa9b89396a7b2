export const userSessionsPath = '/OrgUserSessions.js';
