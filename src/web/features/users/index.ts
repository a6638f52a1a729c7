/*
 * What other features may use of users (decision 0082): they import it from here, never from its files.
 */
export { UserDocuments } from './admin/UserDocuments';
export { UserOrders } from './admin/UserOrders';
export { UserSupportHistory } from './admin/UserSupportHistory';
export { USERS_KEY, userDetailQuery } from './admin/usersApi';
