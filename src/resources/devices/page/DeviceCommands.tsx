import { Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../../../dataProvider';
import { formatDate } from '../../../i18n/format';
import { commandFinished, type DeviceCommandRecord } from '../types';

const COLORS = { queued: 'default', sent: 'info', done: 'success', failed: 'error', expired: 'warning' } as const;

/** The latest commands of a device; polled often while one waits for the reader. */
export const useDeviceCommands = (id: number) => {
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    return useQuery({
        queryKey: ['devices', 'commands', id],
        queryFn: ({ signal }) =>
            dataProvider.call<{ result: DeviceCommandRecord[] }>(`/devices/${id}/commands`, { signal }).then(r => r.result),
        refetchInterval: query => (query.state.data?.some(c => !commandFinished(c)) ? 2000 : 15_000),
    });
};

export const CommandStatus = ({ command }: { command: Pick<DeviceCommandRecord, 'status'> }) => {
    const translate = useTranslate();
    return (
        <Chip
            size="small"
            color={COLORS[command.status]}
            variant={command.status === 'queued' ? 'outlined' : 'filled'}
            label={translate(`resources.devices.commands.statuses.${command.status}`)}
        />
    );
};

/** Recent commands (reboot, log upload) and their outcome as the reader acknowledged it. */
export const DeviceCommands = ({ id }: { id: number }) => {
    const translate = useTranslate();
    const { data, error } = useDeviceCommands(id);
    if (error) return <Typography color="error">{translate('layout.failure.text')}</Typography>;
    if (data && !data.length)
        return (
            <Typography variant="body2" color="text.secondary">
                {translate('resources.devices.commands.none')}
            </Typography>
        );
    return (
        <Table size="small" aria-label={translate('resources.devices.sections.commands')}>
            <TableHead>
                <TableRow>
                    <TableCell>{translate('resources.devices.commands.type')}</TableCell>
                    <TableCell>{translate('resources.devices.commands.requested')}</TableCell>
                    <TableCell>{translate('resources.devices.commands.status')}</TableCell>
                    <TableCell>{translate('resources.devices.commands.completed')}</TableCell>
                    <TableCell>{translate('resources.devices.commands.result')}</TableCell>
                </TableRow>
            </TableHead>
            <TableBody>
                {(data ?? []).slice(0, 10).map(c => (
                    <TableRow key={c.id}>
                        <TableCell>{translate(`resources.devices.commands.types.${c.type}`)}</TableCell>
                        <TableCell>{formatDate(c.created_at)}</TableCell>
                        <TableCell>
                            <CommandStatus command={c} />
                        </TableCell>
                        <TableCell>{formatDate(c.completed_at)}</TableCell>
                        <TableCell>{c.result ?? '-'}</TableCell>
                    </TableRow>
                ))}
            </TableBody>
        </Table>
    );
};
