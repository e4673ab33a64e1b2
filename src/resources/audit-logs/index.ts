import History from '@mui/icons-material/History';
import type { ConsolePlugin } from '../../plugins/types';
import { AuditLogList } from './AuditLogList';
import { auditLogMessages } from './messages';

export const auditLogsPlugin: ConsolePlugin = {
    key: 'audit-logs',
    resources: [{ name: 'audit_logs', right: 'auditLogs', routeKey: 'auditLogs', list: AuditLogList, icon: History }],
    menu: ['auditLogs'],
    messages: auditLogMessages,
};
