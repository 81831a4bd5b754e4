import type { TFunction } from 'i18next';
import { ApiError } from '../../api/http';
import { throttledWait } from '../throttledWait';

/** A refused two-factor call in the reader's language, chosen by the field the server refused. */
export const errorText = (err: unknown, t: TFunction): string => {
  if (!(err instanceof ApiError)) return t('auth.twoFactor.failure');
  const wait = throttledWait(err);
  if (wait !== undefined) return wait ? t('auth.tooManyTries', { wait }) : t('auth.tooManyTriesLater');
  if (err.errors?.otp) return t('auth.twoFactor.codeFailed');
  if (err.errors?.password) return t('auth.twoFactor.wrongPassword');
  if (err.status === 403) return t('auth.twoFactor.requiredByAdmin');
  return t('auth.twoFactor.failure');
};
