import type { RecoveryCodesAnswer, TwoFactorSetupAnswer, TwoFactorStatusAnswer } from '../../../../api/platform/contracts/rest.contract';
import { http } from '../../api/http';

/** The /api/two-factor/ calls of the signed-in user. */
export const twoFactorApi = {
  status: (signal?: AbortSignal) => http.get<TwoFactorStatusAnswer>('/api/two-factor/', { signal }),
  setup: (password: string) => http.post<TwoFactorSetupAnswer>('/api/two-factor/setup/', { password }),
  enable: (otp: string) => http.post<RecoveryCodesAnswer>('/api/two-factor/enable/', { otp }),
  renewRecoveryCodes: (otp: string) => http.post<RecoveryCodesAnswer>('/api/two-factor/recovery-codes/', { otp }),
  disable: (proof: { otp?: string; password?: string }) => http.post<{ success: true }>('/api/two-factor/disable/', proof),
};
