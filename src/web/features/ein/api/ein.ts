import type { BusinessActivity } from '../../../../shared/catalogue/packages';
import type { EinStatus } from '../../../../shared/domain/ein';
import { type UploadOptions, upload } from '../../../lib/upload';

export interface EinFileRef {
  url: string;
  fileName: string;
}

/** The customer's own application as the API returns it (never the SSN, never admin notes). */
export interface CustomerEinApplication {
  id: string;
  businessName: string;
  email: string;
  state: string;
  businessActivity: BusinessActivity;
  otherActivity: string | null;
  responsiblePartyName: string;
  responsiblePartyPhone: string;
  isForeignApplicant: boolean;
  ssnLast4: string | null;
  status: string;
  einStatus: EinStatus;
  /** 1-5 */
  stage: number;
  files: {
    articlesOfOrganization: EinFileRef | null;
    registeredAgentInvoice: EinFileRef | null;
    preparedSs4: EinFileRef | null;
    signedSs4: EinFileRef | null;
    einDocument: EinFileRef | null;
  };
  createdAt: string;
  updatedAt: string;
}

/** Multipart: the text fields and both files (see buildEinFormData). */
export const submitEinApplication = (body: FormData, options: UploadOptions = {}) =>
  upload<{ application: CustomerEinApplication }>('POST', '/api/ein-applications', body, options);
