import BackupIcon from '@mui/icons-material/Backup';
import { createElement } from 'react';
import { onDemand } from '../../plugins/onDemand';
import type { ConsolePlugin } from '../../plugins/types';

const BackupAndRestorePage = onDemand(() => import('./BackupAndRestorePage').then(m => m.BackupAndRestorePage));

/**
 * Backup and Restore (SPEC 2.2 /backup_and_restore [auditLogs], 6.3: denied
 * to manager and user; docs/decisions.md "Backup and restore"): the whole platform's backups for its
 * administrators, and the System Manager's audit trail.
 */
export const systemPlugin: ConsolePlugin = {
    key: 'system',
    routes: [{ path: '/backup_and_restore', routeKey: 'backupAndRestore', element: createElement(BackupAndRestorePage) }],
    menuIcons: { backupAndRestore: BackupIcon },
    messages: import.meta.glob('./messages.*.ts'),
};
