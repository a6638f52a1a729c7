import type { CustomerEinResult } from '../../../../shared/contracts/ein';
import { type UploadOptions, upload } from '../../../lib/upload';

export type { CustomerEinApplication, EinFile as EinFileRef } from '../../../../shared/contracts/ein';

/** Multipart: the text fields and both files (see buildEinFormData). */
export const submitEinApplication = (body: FormData, options: UploadOptions = {}) =>
  upload<CustomerEinResult>('POST', '/api/ein-applications', body, options);
