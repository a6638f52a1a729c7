import type { Ok } from '../../../../shared/contracts/auth';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorState } from '../../../../shared/contracts/two-factor';
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
