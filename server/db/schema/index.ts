/**
 * The database schema, one file per feature; drizzle-kit reads this index
 * (drizzle.config.ts) and every feature imports its tables from here.
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
