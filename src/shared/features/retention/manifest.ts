import type { SharedFeature } from '../feature';

/** What the retention sweeps tell the customer (decision 0048). */
export const retentionFeature: SharedFeature = {
  name: 'retention',
  messages: ['retention'],
};
