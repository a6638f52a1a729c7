import type { SharedFeature } from '../feature';

/** The error pages (the router’s 404 stays NOT_FOUND_PAGE in the route table). */
export const errorsFeature: SharedFeature = {
  name: 'errors',
  messages: ['errorsPage'],
};
