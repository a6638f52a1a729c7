import type { Ok } from '../../../../shared/contracts/common';
import type { TutorialFeedbackInput } from '../../../../shared/features/formations/formations.schemas';
import { api } from '../../../lib/api';

export type FeedbackEndpoint = '/api/feedback/bank' | '/api/feedback/business-address';

export const sendFeedback = (endpoint: FeedbackEndpoint, body: TutorialFeedbackInput) =>
  api<Ok>('POST', endpoint, body);
