/** What other features may use of brands: the brand an account wears (its mails, its enrollment page). */
export { effectiveBranding } from './queries';
export { mailBrandOf, mailBrandsOnce, productNameOf, userMailStyle } from './mailBrand';
