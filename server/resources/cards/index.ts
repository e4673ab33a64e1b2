/** The cards feature as other features may use it: nothing else of this folder is imported from outside (docs/architecture.md). */
export { holdersOf, listCards } from './queries';
export { whyNotListed } from './rules';
