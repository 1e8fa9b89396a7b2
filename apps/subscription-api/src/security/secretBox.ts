import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The shortest SECRET_KEY accepted: 32 characters, e.g. 64 hex digits of 32 random bytes. */
export const SECRET_KEY_MIN_LENGTH = 32;

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals secrets kept at rest (AES-256-GCM) under the service's SECRET_KEY. Each sealed value names
 * what it is (`context`, e.g. `two_factor:12`), which is authenticated with it, so a value copied
 * into another row or column does not open there. Changing SECRET_KEY makes every sealed value
 * unreadable, unless the key before is given as `previousKey` (SECRET_KEY_PREVIOUS) while the
 * values are sealed again with the new one (`resealSecrets`).
 */
export type SecretBox = {
  seal(plaintext: string, context: string): string;
  /** The plaintext, or throws when the value was changed, sealed for another context or under another key. */
  open(sealed: string, context: string): string;
};

export function createSecretBox(secretKey: string, previousKey?: string): SecretBox {
  const box = boxOf(sealingKey(secretKey));
  if (!previousKey) return box;
  const previous = boxOf(sealingKey(previousKey));
  return {
    seal: box.seal,
    open(sealed, context) {
      try {
        return box.open(sealed, context);
      } catch {
        return previous.open(sealed, context);
      }
    },
  };
}

/** The configured text becomes a key of exactly 256 bits, whatever its form (hex, base64, words). */
function sealingKey(secretKey: string): Buffer {
  if (secretKey.length < SECRET_KEY_MIN_LENGTH) throw new Error(`SECRET_KEY must be at least ${SECRET_KEY_MIN_LENGTH} characters`);
  return Buffer.from(hkdfSync('sha256', secretKey, 'yozy secret box', 'aes-256-gcm', 32));
}

function boxOf(key: Buffer): SecretBox {
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('Not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
