/**
 * What other features of the console use of the events feature: nothing else of this folder is imported from outside
 * (docs/architecture.md). The plugin itself is plugin.ts, listed in src/features.ts.
 */
export { PeriodPicker } from './EventToolbar';
export { EventThumbnail } from './EventImage';
export { GROUP_COLORS } from './groupColors';
export { rangeStart } from './dateRange';
