/** The access-groups feature as other features may use it: nothing else of this folder is imported from outside (docs/architecture.md). */
export { defaultAccessGroupId } from './queries';
