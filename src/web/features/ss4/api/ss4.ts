import type { CustomerEinResult } from '../../../../shared/features/ein/ein.contracts';
import { type UploadOptions, upload } from '../../../lib/upload';

/** The signed SS-4 as multipart field `file` (PDF only, at most 5 MB). */
export function uploadSignedSs4(file: File, options: UploadOptions = {}) {
  const body = new FormData();
  body.append('file', file, file.name);
  return upload<CustomerEinResult>('POST', '/api/ein-applications/me/signed-ss4', body, options);
}
