import { useState } from 'react';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { ResourceContextProvider, Title, useTranslate } from 'react-admin';
import { SYSTEM_AUDIT_FILTER } from '../../../contract/auditLogs';
import { useSession } from '../../session/useSession';
import { AuditLogList } from '../audit-logs';
import { DiskUse } from './DiskUse';
import { KeptBackups } from './KeptBackups';
import { RestoreFromFile } from './RestoreFromFile';

/**
 * /backup_and_restore (SPEC 2.2 [auditLogs], 6.3): the platform's
 * administrators back up and restore the whole platform here; every role
 * that may open it sees the System Manager's audit trail.
 */
export const BackupAndRestorePage = () => {
    const translate = useTranslate();
    const session = useSession();
    const [backingUp, setBackingUp] = useState(false);
    if (!session) return null;
    return (
        <Stack spacing={2} sx={{ py: 2 }}>
            <Title title={translate('system.title')} />
            <Typography variant="h5" component="h1">
                {translate('system.title')}
            </Typography>
            {session.isAdmin ? (
                <>
                    <KeptBackups onBackingUp={setBackingUp} />
                    <RestoreFromFile disabled={backingUp} />
                    <DiskUse />
                </>
            ) : (
                <Alert severity="info">{translate('system.notAdmin')}</Alert>
            )}
            <Box component="section" aria-labelledby="system-audit-title">
                <Typography id="system-audit-title" variant="h6" component="h2">
                    {translate('system.auditLog')}
                </Typography>
                <ResourceContextProvider value="audit_logs">
                    <AuditLogList embedded defaultFilter={SYSTEM_AUDIT_FILTER} />
                </ResourceContextProvider>
            </Box>
        </Stack>
    );
};
