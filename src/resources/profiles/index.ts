/** What other features of the console use of the profiles feature: badges entered and shown (docs/architecture.md). */
export { BadgeFields, emptyBadge, toBadgeInput, type BadgeDraft } from './BadgeFields';
export { BadgeList, ProfileState } from './BadgeHolder';
