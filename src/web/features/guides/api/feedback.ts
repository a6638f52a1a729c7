import type { TutorialFeedbackInput } from '../../../../shared/schemas/formation';
import { api } from '../../../lib/api';

export type FeedbackEndpoint = '/api/feedback/bank' | '/api/feedback/business-address';

export const sendFeedback = (endpoint: FeedbackEndpoint, body: TutorialFeedbackInput) =>
  api<unknown>('POST', endpoint, body);
