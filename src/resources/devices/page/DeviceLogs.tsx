import { useState } from 'react';
import {
    Box,
    Chip,
    MenuItem,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TablePagination,
    TableRow,
    TextField,
    Typography,
} from '@mui/material';
import CloudUpload from '@mui/icons-material/CloudUpload';
import Download from '@mui/icons-material/Download';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, useDataProvider, useTranslate } from 'react-admin';
import { LOG_LEVELS } from '../../../../contract/device-api';
import { DEFAULT_PAGE_SIZE } from '../../../../contract/constants';
import type { ConsoleDataProvider } from '../../../dataProvider';
import type { Query } from '../../../dataProvider/http';
import { formatDate } from '../../../i18n/format';
import { PAGE_SIZES } from '../../../lists/listQuery';
import { useDeviceCommands } from './DeviceCommands';
import { useDeviceNotices } from '../deviceNotices';
import { saveFile, stampedName, timezoneOffset } from '../../../dataProvider/files';
import { useDeviceAction } from '../useDeviceCall';

interface LogLine {
    id: number;
    timestamp: string;
    level: (typeof LOG_LEVELS)[number];
    message: string;
}

const LEVEL_COLORS = { debug: 'default', info: 'info', warning: 'warning', error: 'error' } as const;

/** A datetime-local value as the ISO time the server filters on. */
const iso = (local: string) => (local ? new Date(local).toISOString() : undefined);

/**
 * The reader's logs (SPEC 6.2 device logs: admin only): the lines it uploaded,
 * newest first, filtered by level and date, exported as CSV (SPEC 9
 * 'device-logs'), and a request for a fresh upload.
 */
export const DeviceLogs = ({ id, canRequest }: { id: number; canRequest: boolean }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useDeviceNotices();
    const act = useDeviceAction();
    const [level, setLevel] = useState('');
    const [from, setFrom] = useState('');
    const [to, setTo] = useState('');
    const [page, setPage] = useState(1);
    const [perPage, setPerPage] = useState(DEFAULT_PAGE_SIZE);
    const filters: Query = { level: level || undefined, from: iso(from), to: iso(to) };
    // A finished log upload brings new lines: the list reloads when one completes.
    const { data: commands } = useDeviceCommands(id);
    const lastUpload = commands?.find(c => c.type === 'upload_logs' && c.completed_at)?.completed_at ?? '';
    const { data, error } = useQuery({
        queryKey: ['devices', 'logs', id, filters, page, perPage, lastUpload],
        queryFn: ({ signal }) =>
            dataProvider.call<{ result: LogLine[]; count: number }>(`/devices/${id}/logs`, {
                query: { ...filters, page, per_page: perPage },
                signal,
            }),
        placeholderData: keepPreviousData,
    });
    const filterBy = (set: (v: string) => void) => (e: { target: { value: string } }) => {
        set(e.target.value);
        setPage(1);
    };
    const exportCsv = async () => {
        try {
            saveFile(
                await dataProvider.download(`/devices/${id}/logs/export`, { ...filters, timezone_offset: timezoneOffset() }),
                stampedName('device-logs', 'csv'),
            );
        } catch (e) {
            notices.failed('resources.devices.errors.download', e);
        }
    };
    const requestUpload = async () => {
        try {
            await act(id, 'logs/request');
            notices.success(translate('resources.devices.logs.requested'));
        } catch (e) {
            notices.failed('resources.devices.errors.logs', e);
        }
    };
    return (
        <Box>
            <Stack direction="row" spacing={2} sx={{ mb: 1, flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
                <TextField
                    select
                    size="small"
                    fullWidth={false}
                    label={translate('resources.devices.logs.level')}
                    value={level}
                    onChange={filterBy(setLevel)}
                    sx={{ minWidth: 140 }}
                >
                    <MenuItem value="">{translate('resources.devices.logs.allLevels')}</MenuItem>
                    {LOG_LEVELS.map(l => (
                        <MenuItem key={l} value={l}>
                            {translate(`resources.devices.logs.levels.${l}`)}
                        </MenuItem>
                    ))}
                </TextField>
                <TextField
                    size="small"
                    fullWidth={false}
                    type="datetime-local"
                    label={translate('resources.devices.logs.from')}
                    value={from}
                    onChange={filterBy(setFrom)}
                    slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextField
                    size="small"
                    fullWidth={false}
                    type="datetime-local"
                    label={translate('resources.devices.logs.to')}
                    value={to}
                    onChange={filterBy(setTo)}
                    slotProps={{ inputLabel: { shrink: true } }}
                />
                <Box sx={{ flex: 1 }} />
                {canRequest && (
                    <Button label="resources.devices.logs.request" onClick={() => void requestUpload()}>
                        <CloudUpload />
                    </Button>
                )}
                <Button label="app.export" onClick={() => void exportCsv()}>
                    <Download />
                </Button>
            </Stack>
            {error ? (
                <Typography color="error">{translate('layout.failure.text')}</Typography>
            ) : data && !data.count ? (
                <Typography variant="body2" color="text.secondary">
                    {translate('resources.devices.logs.none')}
                </Typography>
            ) : (
                <>
                    <Table size="small" aria-label={translate('resources.devices.sections.logs')}>
                        <TableHead>
                            <TableRow>
                                <TableCell sx={{ width: 170 }}>{translate('resources.devices.logs.time')}</TableCell>
                                <TableCell sx={{ width: 100 }}>{translate('resources.devices.logs.level')}</TableCell>
                                <TableCell>{translate('resources.devices.logs.message')}</TableCell>
                            </TableRow>
                        </TableHead>
                        <TableBody>
                            {(data?.result ?? []).map(line => (
                                <TableRow key={line.id}>
                                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(line.timestamp)}</TableCell>
                                    <TableCell>
                                        <Chip
                                            size="small"
                                            color={LEVEL_COLORS[line.level]}
                                            label={translate(`resources.devices.logs.levels.${line.level}`)}
                                        />
                                    </TableCell>
                                    <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{line.message}</TableCell>
                                </TableRow>
                            ))}
                        </TableBody>
                    </Table>
                    <TablePagination
                        component="div"
                        count={data?.count ?? 0}
                        page={page - 1}
                        rowsPerPage={perPage}
                        rowsPerPageOptions={PAGE_SIZES}
                        onPageChange={(_e, p) => setPage(p + 1)}
                        onRowsPerPageChange={e => {
                            setPerPage(Number(e.target.value));
                            setPage(1);
                        }}
                        labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
                    />
                </>
            )}
        </Box>
    );
};
