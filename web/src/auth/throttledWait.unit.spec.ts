import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../test/web-i18n';
import { ApiError } from '../api/http';
import { throttledWait } from './throttledWait';
import { errorText } from './twoFactor/errorText';

describe('a throttled re-check (429) in the reader’s language', () => {
  const throttled = (seconds?: number) => new ApiError(429, 'Too many wrong passwords or codes. Please try again later.', undefined, true, seconds);

  it('names the wait from Retry-After, or none, and ignores other errors', () => {
    expect(throttledWait(throttled(120))).toBe('2 minutes');
    expect(throttledWait(throttled())).toBeNull();
    expect(throttledWait(new ApiError(400, 'Your password was entered incorrectly.', { password: ['x'] }, true))).toBeUndefined();
    expect(throttledWait(new Error('offline'))).toBeUndefined();
  });

  it('tells the two-factor screens to wait instead of "code not valid"', async () => {
    const { t } = await createTestI18n('en');
    expect(errorText(throttled(8), t)).toBe('Too many wrong passwords or codes. Please wait 8 seconds, then try again.');
    expect(errorText(throttled(), t)).toBe('Too many wrong passwords or codes. Please wait a few minutes, then try again.');
    expect(errorText(new ApiError(400, 'x', { otp: ['x'] }, true), t)).toBe(t('auth.twoFactor.codeFailed'));
  });
});
