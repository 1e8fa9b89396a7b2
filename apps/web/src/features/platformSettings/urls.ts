export const platformSettingsPath = '/platformsettings';
