import type { Ok } from '../../../../shared/features/auth/auth.contracts';
import type {
  RecoveryCodes,
  TwoFactorSetup,
  TwoFactorState,
} from '../../../../shared/features/two-factor/two-factor.contracts';
import { api } from '../../../lib/api';

const BASE = '/api/me/two-factor';

export const TWO_FACTOR_KEY = ['two-factor'] as const;

export const getTwoFactor = () => api<TwoFactorState>('GET', BASE);
export const startSetup = (currentPassword?: string) =>
  api<TwoFactorSetup>('POST', `${BASE}/setup`, currentPassword ? { currentPassword } : {});
export const enableTwoFactor = (code: string) => api<RecoveryCodes>('POST', `${BASE}/enable`, { code });
export const disableTwoFactor = (code: string) => api<Ok>('POST', `${BASE}/disable`, { code });
export const newRecoveryCodes = (code: string) => api<RecoveryCodes>('POST', `${BASE}/recovery-codes`, { code });
export const verifyStepUp = (code: string) => api<Ok>('POST', `${BASE}/verify`, { code });
