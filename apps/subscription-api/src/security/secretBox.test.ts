import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secretBox';

const box = createSecretBox('k'.repeat(64));

describe('secret box', () => {
  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'two_factor:1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'two_factor:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'two_factor:1')).not.toBe(sealed);
  });

  it('refuses a value sealed for another record, under another key, or changed', () => {
    const sealed = box.seal('secret', 'two_factor:1');
    expect(() => box.open(sealed, 'two_factor:2')).toThrow();
    expect(() => createSecretBox('other key that is long enough 0123456789').open(sealed, 'two_factor:1')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('sekret').toString('base64url');
    expect(() => box.open(parts.join('.'), 'two_factor:1')).toThrow();
  });

  it('refuses a key that is too short', () => {
    expect(() => createSecretBox('short')).toThrow(/at least 32/);
  });
});
