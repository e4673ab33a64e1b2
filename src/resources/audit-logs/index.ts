/** What other features of the console use of the audit log: its list, embedded in another page (docs/architecture.md). */
export { AuditLogList } from './AuditLogList';
