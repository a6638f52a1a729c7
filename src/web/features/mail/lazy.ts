/*
 * Loaded after the page has drawn (decision 0060). Its own module, not the index, so the index stays a
 * pure list of re-exports that the bundler reads lazily (decision 0082).
 */
export const loadMailCard = () => import('./components/MailCard');
