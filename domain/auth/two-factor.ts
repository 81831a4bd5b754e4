/**
 * Two-factor sign-in (TOTP, RFC 6238) as rules: who must use it, what a submitted code is, and
 * what a login answers at the second step. The TOTP arithmetic itself is otplib's (api/auth/two-factor).
 */

/** How many one-time recovery codes an enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;

/** The characters of a recovery code: lowercase letters and digits without the look-alikes 0/o, 1/l/i. */
export const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUP = 5;

export interface TwoFactorPolicy {
  /** REQUIRE_ADMIN_2FA: superusers must enrol before they reach the admin area. */
  requireForSuperusers: boolean;
}

export interface TwoFactorHolder {
  isSuperuser: boolean;
  enrolled: boolean;
}

/** True when this user must enrol before anything beyond enrolment, check-auth and logout. */
export const mustEnrol = (user: TwoFactorHolder, policy: TwoFactorPolicy): boolean =>
  policy.requireForSuperusers && user.isSuperuser && !user.enrolled;

/** True when this user may turn two-factor sign-in off (a superuser may not while it is required). */
export const mayDisable = (user: TwoFactorHolder, policy: TwoFactorPolicy): boolean => !(policy.requireForSuperusers && user.isSuperuser);

/** A submitted second factor: six digits are an authenticator code, ten code characters a recovery code. */
export type SecondFactor = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string } | { kind: 'malformed' };

export const readSecondFactor = (input: string): SecondFactor => {
  const compact = input.replace(/[\s-]/g, '').toLowerCase();
  if (/^\d{6}$/.test(compact)) return { kind: 'totp', code: compact };
  if (compact.length === GROUP * 2 && [...compact].every((c) => RECOVERY_ALPHABET.includes(c))) {
    return { kind: 'recovery', code: compact };
  }
  return { kind: 'malformed' };
};

/**
 * A recovery code from random bytes, shown as two groups (`abcde-fghjk`). Each byte picks one
 * character; bytes past the largest multiple of the alphabet's size are skipped so every
 * character is equally likely. Returns undefined when the bytes run out (the caller draws more).
 */
export const recoveryCodeFrom = (bytes: Uint8Array): string | undefined => {
  const limit = 256 - (256 % RECOVERY_ALPHABET.length);
  let code = '';
  for (const byte of bytes) {
    if (byte >= limit) continue;
    code += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
    if (code.length === GROUP * 2) return `${code.slice(0, GROUP)}-${code.slice(GROUP)}`;
  }
  return undefined;
};

/** What a password-correct login does next. */
export type SecondStep = 'sign-in' | 'ask-for-code' | 'verify-code';

export const secondStep = (enrolled: boolean, submitted: string | undefined): SecondStep => {
  if (!enrolled) return 'sign-in';
  return submitted ? 'verify-code' : 'ask-for-code';
};
