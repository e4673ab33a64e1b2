/** The card-formats feature as other features may use it: nothing else of this folder is imported from outside (docs/architecture.md). */
export { cardFormatsOfAccount, findCardFormat, listCardFormats, toCardFormat } from './queries';
export type { CardFormatRow } from './queries';
