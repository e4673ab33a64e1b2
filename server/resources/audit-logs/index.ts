/** The audit-logs feature as other features may use it: nothing else of this folder is imported from outside (docs/architecture.md). */
export { recentAuditLogs, signInsPerDay } from './queries';
