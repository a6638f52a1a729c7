import { adminPage, publicPage } from '../../routes/page';
import type { SharedFeature } from '../feature';

/** Short links (decision 0013): the staff page that makes them, and the page an unknown one shows. */
export const shortLinksFeature: SharedFeature = {
  name: 'short-links',
  pages: [
    // The server redirects a live /go/{slug} and serves this page for an unknown or expired one.
    publicPage('go/:slug', 'features/short-links/pages/ShortLinkNotFoundPage.tsx', ['shortLinks']),
    adminPage('shorten', 'features/short-links/admin/ShortLinksPage.tsx', ['catalogue', 'shortLinks']),
  ],
  adminNav: [{ path: '/shorten', key: 'shortLinks', permission: 'links.manage' }],
  messages: ['shortLinks'],
};
