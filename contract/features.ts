import type { FeatureContract } from './featureContract';

/**
 * The contracts of the features that declare themselves (contract/featureContract.ts) rather than in the lists of
 * rights.ts, routes.ts, menu.ts and auditLogs.ts, which read them from here. One line each; `npm run new:feature`
 * adds it (README "Adding a feature").
 */
export const FEATURE_CONTRACTS = [
    // one contract a line
] as const;

export type RegisteredContract = (typeof FEATURE_CONTRACTS)[number];

/** The same list for the code that reads it at run time. */
export const featureContracts: readonly FeatureContract[] = FEATURE_CONTRACTS;
