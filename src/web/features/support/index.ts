/*
 * What other features may use of support (decision 0082): they import it from here, never from its files.
 */
export {
  ADMIN_SUPPORT_KEY,
  adminSupportThreadQuery,
  adminUserThreadsQuery,
  createAdminSupportThread,
  sendAdminSupportReply,
  supportUnreadQuery,
} from './api/support';
export { AttachButton } from './components/AttachButton';
export { Conversation } from './components/Conversation';
export { ReplyBox } from './components/ReplyBox';
export { SupportStatusBadge } from './components/SupportStatusBadge';
export { ThreadPicker } from './components/ThreadPicker';
