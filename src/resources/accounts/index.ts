/** What other features of the console use of the accounts feature: an account's options, read and changed (docs/architecture.md). */
export { withOption } from './AccountOptions';
export { useAccountOptions } from './useAccountOptions';
