/** The events feature as other features may use it: nothing else of this folder is imported from outside (docs/architecture.md). */
export { aggregateEvents } from './aggregate';
export { ingestEvents } from './ingest';
export { eventWritersEnded, existingLinks, findEvent, lastEventId, latestEvents } from './queries';
export { toEventRecord } from './records';
export { pruneEventImages } from './retention';
