import { useState, type ReactNode } from 'react';
import {
    Alert,
    Box,
    Button as MuiButton,
    FormControlLabel,
    IconButton,
    MenuItem,
    Stack,
    Switch,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TablePagination,
    TableRow,
    TextField,
    Tooltip,
    Typography,
} from '@mui/material';
import Close from '@mui/icons-material/Close';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import { useDataProvider, useTranslate } from 'react-admin';
import { PICKER_PAGE_SIZE } from '../../../../contract/constants';
import { DEVICE_STATUSES } from '../../../../contract/devices';
import { PAGE_SIZES } from '../../../lists/listQuery';
import { useDeviceNotices } from '../deviceNotices';
import { DeviceStatusChips } from '../page/DeviceFields';
import { useFilterValues } from '../page/deviceFilters';
import { ALL_ACCOUNTS } from '../../../lists/accountScope';
import type { Device } from '../types';
import { useDeviceRights } from '../useDeviceRights';

/** The chosen devices, a page at a time; each can be taken out until the operation is sent. */
export const ChosenDevicesTable = ({
    devices,
    onRemove,
    extra,
}: {
    devices: Device[];
    onRemove?: (id: number) => void;
    extra?: { title: string; render: (device: Device) => ReactNode };
}) => {
    const translate = useTranslate();
    const rights = useDeviceRights();
    const [page, setPage] = useState(0);
    const [perPage, setPerPage] = useState(PAGE_SIZES[0]!);
    const shown = devices.slice(page * perPage, (page + 1) * perPage);
    return (
        <>
            <Table size="small" aria-label={translate('resources.devices.bulk.chosen')}>
                <TableHead>
                    <TableRow>
                        <TableCell>{translate('resources.devices.fields.description')}</TableCell>
                        <TableCell>{translate('resources.devices.fields.hardware_id')}</TableCell>
                        {rights.accounts && <TableCell>{translate('resources.devices.fields.account_name')}</TableCell>}
                        <TableCell>{translate('resources.devices.fields.status')}</TableCell>
                        {extra && <TableCell>{translate(extra.title)}</TableCell>}
                        {onRemove && <TableCell />}
                    </TableRow>
                </TableHead>
                <TableBody>
                    {shown.map(d => (
                        <TableRow key={d.id}>
                            <TableCell>{d.description}</TableCell>
                            <TableCell>{d.hardware_id}</TableCell>
                            {rights.accounts && <TableCell>{d.account_name}</TableCell>}
                            <TableCell>
                                <DeviceStatusChips device={d} />
                            </TableCell>
                            {extra && <TableCell>{extra.render(d)}</TableCell>}
                            {onRemove && (
                                <TableCell padding="checkbox">
                                    <Tooltip title={translate('resources.devices.bulk.remove')}>
                                        <IconButton
                                            size="small"
                                            aria-label={translate('resources.devices.bulk.removeOne', { name: d.description })}
                                            onClick={() => onRemove(d.id)}
                                        >
                                            <Close fontSize="small" />
                                        </IconButton>
                                    </Tooltip>
                                </TableCell>
                            )}
                        </TableRow>
                    ))}
                </TableBody>
            </Table>
            {devices.length > PAGE_SIZES[0]! && (
                <TablePagination
                    component="div"
                    count={devices.length}
                    page={page}
                    rowsPerPage={perPage}
                    rowsPerPageOptions={PAGE_SIZES}
                    onPageChange={(_e, p) => setPage(p)}
                    onRowsPerPageChange={e => {
                        setPerPage(Number(e.target.value));
                        setPage(0);
                    }}
                    labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
                />
            )}
        </>
    );
};

/**
 * Chooses devices by filter instead of one by one: every device matching the
 * search, state, board type and release is added (in the current account, or
 * every account in reach for roles that have the account filter).
 */
export const AddDevicesByFilter = ({
    onAdd,
    statuses = DEVICE_STATUSES,
}: {
    onAdd: (ids: number[]) => void;
    statuses?: readonly Device['status'][];
}) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider();
    const notices = useDeviceNotices();
    const rights = useDeviceRights();
    const [allAccounts, setAllAccounts] = useState(false);
    const [filter, setFilter] = useState<Record<string, string>>({});
    const [busy, setBusy] = useState(false);
    const scope = allAccounts ? ALL_ACCOUNTS : undefined;
    const { data: values } = useFilterValues(scope);
    const set = (key: string) => (e: { target: { value: string } }) => setFilter(f => ({ ...f, [key]: e.target.value }));
    const select = (key: string, options: { id: string; name: string }[]) => (
        <TextField
            select
            size="small"
            fullWidth={false}
            label={translate(`resources.devices.fields.${key}`)}
            value={filter[key] ?? ''}
            onChange={set(key)}
            sx={{ minWidth: 150 }}
        >
            <MenuItem value="">{translate('resources.devices.bulk.any')}</MenuItem>
            {options.map(o => (
                <MenuItem key={o.id} value={o.id}>
                    {o.name}
                </MenuItem>
            ))}
        </TextField>
    );
    const add = async () => {
        setBusy(true);
        try {
            const wanted = Object.fromEntries(Object.entries(filter).filter(([, v]) => v));
            const found = await dataProvider.getList<Device>('devices', {
                pagination: { page: 1, perPage: PICKER_PAGE_SIZE },
                sort: { field: 'id', order: 'ASC' },
                filter: { ...wanted, ...(allAccounts ? { cross_account: 'true' } : {}) },
            });
            const ids = found.data.filter(d => statuses.includes(d.status)).map(d => d.id);
            onAdd(ids);
            notices.success(translate('resources.devices.bulk.added', { smart_count: ids.length }));
        } catch (e) {
            notices.failed('layout.failure.text', e);
        } finally {
            setBusy(false);
        }
    };
    const words = (list: string[] | undefined) => (list ?? []).map(v => ({ id: v, name: v }));
    return (
        <Box component="section" aria-label={translate('resources.devices.bulk.byFilter')} sx={{ mt: 2 }}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {translate('resources.devices.bulk.byFilter')}
            </Typography>
            <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5, alignItems: 'center' }}>
                <TextField
                    size="small"
                    fullWidth={false}
                    label={translate('ra.action.search')}
                    value={filter.q ?? ''}
                    onChange={set('q')}
                />
                {select(
                    'status',
                    statuses.map(s => ({ id: s, name: translate(`resources.devices.statuses.${s}`) })),
                )}
                {select('board_type', words(values?.board_type))}
                {select('release', words(values?.release))}
                {rights.accounts && (
                    <FormControlLabel
                        control={<Switch checked={allAccounts} onChange={e => setAllAccounts(e.target.checked)} />}
                        label={translate('app.lists.allAccounts')}
                    />
                )}
                <MuiButton variant="outlined" startIcon={<PlaylistAdd />} disabled={busy} onClick={() => void add()}>
                    {translate('resources.devices.bulk.addMatching')}
                </MuiButton>
            </Stack>
        </Box>
    );
};

/** What a bulk screen says when nothing is chosen yet. */
export const NothingChosen = () => {
    const translate = useTranslate();
    return <Alert severity="info">{translate('resources.devices.bulk.nothingChosen')}</Alert>;
};
