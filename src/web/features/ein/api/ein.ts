import type { CustomerEinResult } from '../../../../shared/features/ein/ein.contracts';
import { type UploadOptions, upload } from '../../../lib/upload';

export type { CustomerEinApplication, EinFile as EinFileRef } from '../../../../shared/features/ein/ein.contracts';

/** Multipart: the text fields and both files (see buildEinFormData). */
export const submitEinApplication = (body: FormData, options: UploadOptions = {}) =>
  upload<CustomerEinResult>('POST', '/api/ein-applications', body, options);
