/*
 * What other features may use of support (decision 0082): they import it from here, never from its files.
 */
export { adminCreateThread, waitingOverCondition } from './support-admin.service';
export { findAttachmentForDownload } from './support-attachments.service';
export { createCustomerThread, customerReply } from './support-customer.service';
