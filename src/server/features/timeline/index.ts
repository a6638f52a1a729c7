/*
 * What other features may use of timeline (decision 0082): they import it from here, never from its files.
 */
export { loadMyTimelines, recordStageReached, stageStats } from './stage-history.service';
export { notifyStageChange } from './stage-notices.service';
export { listCustomerTimeline, wholeCustomerTimeline } from './timeline.service';
