export const twoFactorPath = '/TwoFactor';
