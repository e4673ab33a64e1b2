import History from '@mui/icons-material/History';
import type { ConsolePlugin } from '../../plugins/types';
import { onDemand } from '../../plugins/onDemand';

const AuditLogList = onDemand(() => import('./AuditLogList').then(m => m.AuditLogList));

export const auditLogsPlugin: ConsolePlugin = {
    key: 'audit-logs',
    resources: [{ name: 'audit_logs', right: 'auditLogs', routeKey: 'auditLogs', list: AuditLogList, icon: History }],
    menuIcons: { auditLogs: History },
    messages: import.meta.glob('./messages.*.ts'),
};
