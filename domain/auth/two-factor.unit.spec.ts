import { describe, expect, it } from 'vitest';
import { RECOVERY_ALPHABET, mayDisable, mustEnrol, readSecondFactor, recoveryCodeFrom, secondStep } from './two-factor';

describe('two-factor rules', () => {
  it('makes only unenrolled superusers enrol, and only when REQUIRE_ADMIN_2FA is on', () => {
    const required = { requireForSuperusers: true };
    const optional = { requireForSuperusers: false };
    expect(mustEnrol({ isSuperuser: true, enrolled: false }, required)).toBe(true);
    expect(mustEnrol({ isSuperuser: true, enrolled: true }, required)).toBe(false);
    expect(mustEnrol({ isSuperuser: false, enrolled: false }, required)).toBe(false);
    expect(mustEnrol({ isSuperuser: true, enrolled: false }, optional)).toBe(false);
    expect(mayDisable({ isSuperuser: true, enrolled: true }, required)).toBe(false);
    expect(mayDisable({ isSuperuser: false, enrolled: true }, required)).toBe(true);
    expect(mayDisable({ isSuperuser: true, enrolled: true }, optional)).toBe(true);
  });

  it('reads six digits as an authenticator code and ten code characters as a recovery code', () => {
    expect(readSecondFactor('123456')).toEqual({ kind: 'totp', code: '123456' });
    expect(readSecondFactor(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' });
    expect(readSecondFactor('ABCDE-FGHJK')).toEqual({ kind: 'recovery', code: 'abcdefghjk' });
    expect(readSecondFactor('abcde fghjk')).toEqual({ kind: 'recovery', code: 'abcdefghjk' });
    for (const bad of ['', '12345', '1234567', 'abcde-fghj0', 'abcdefghjkm', "' or 1=1 --"]) {
      expect(readSecondFactor(bad)).toEqual({ kind: 'malformed' });
    }
  });

  it('builds recovery codes evenly from random bytes, skipping the biased top bytes', () => {
    const bytes = Uint8Array.from({ length: 10 }, (_, i) => i);
    expect(recoveryCodeFrom(bytes)).toBe('abcde-fghjk');
    const withBiased = Uint8Array.from([255, 254, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(recoveryCodeFrom(withBiased)).toBe('abcde-fghjk');
    expect(recoveryCodeFrom(Uint8Array.from([1, 2, 3]))).toBeUndefined();
    const code = recoveryCodeFrom(Uint8Array.from({ length: 10 }, (_, i) => 30 - i))!;
    expect(readSecondFactor(code)).toEqual({ kind: 'recovery', code: code.replace('-', '') });
    expect([...code.replace('-', '')].every((c) => RECOVERY_ALPHABET.includes(c))).toBe(true);
  });

  it('signs in without a code when not enrolled, asks for one, then verifies it', () => {
    expect(secondStep(false, undefined)).toBe('sign-in');
    expect(secondStep(false, '123456')).toBe('sign-in');
    expect(secondStep(true, undefined)).toBe('ask-for-code');
    expect(secondStep(true, '')).toBe('ask-for-code');
    expect(secondStep(true, '123456')).toBe('verify-code');
  });
});
