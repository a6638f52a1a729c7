import { type UploadOptions, upload } from '../../../lib/upload';
import type { CustomerEinApplication } from '../../ein/api/ein';

/** The signed SS-4 as multipart field `file` (PDF only, at most 5 MB). */
export function uploadSignedSs4(file: File, options: UploadOptions = {}) {
  const body = new FormData();
  body.append('file', file, file.name);
  return upload<{ application: CustomerEinApplication }>('POST', '/api/ein-applications/me/signed-ss4', body, options);
}
