/** What other features of the console use of the audit log: its list, embedded in another page, and an entry in words (docs/architecture.md). */
export { AuditLogList } from './AuditLogList';
export { auditSentence } from './auditSentence';
