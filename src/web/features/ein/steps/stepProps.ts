import type { BusinessActivity } from '../../../../shared/catalogue/packages';
import type { EinValues } from '../lib/application';

/** i18n keys of the activities: the API values are English words with spaces. */
export const ACTIVITY_KEYS: Record<BusinessActivity, string> = {
  Ecommerce: 'ecommerce',
  'Digital Marketing': 'digitalMarketing',
  'Software Development': 'softwareDevelopment',
  Other: 'other',
};

/** Field → i18n key. */
export type Errors = Record<string, string>;

/** What every form step receives from the wizard page. */
export interface FormStepProps {
  focus: boolean;
  values: EinValues;
  errors: Errors;
  set: (patch: Partial<EinValues>) => void;
}
