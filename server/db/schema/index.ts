/**
 * The database schema, one file per feature; every feature imports its tables
 * from here. drizzle-kit reads every file of the folder (drizzle.config.ts): a
 * file that only its own feature reads (npm run new:feature) may stay out of
 * this index until another feature needs it.
 */
export * from './platform';
export * from './devices';
export * from './firmware';
export * from './events';
export * from './cards';
export * from './enrollments';
export * from './sso';
export * from './apiKeys';
export * from './acsIntegration';
export * from './webhooks';
export * from './schedules';
export * from './alertRules';
export * from './branding';
