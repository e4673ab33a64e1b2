/** What other features may use of brands: the brand an account wears (its mails, its enrollment page). */
export { effectiveBranding } from './queries';
export { mailBrandOf, mailStylesOnce, productNameOf, userMailStyle, type AccountMailStyle } from './mailBrand';
