import { Secret, TOTP } from 'otpauth';

/** The code an authenticator app shows for a base32 secret, `steps` periods of 30 s from now. */
export const authenticatorCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });
