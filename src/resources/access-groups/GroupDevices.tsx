import { useState } from 'react';
import { Autocomplete, Box, Button, Card, CardContent, CardHeader, Chip, IconButton, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import LinkOff from '@mui/icons-material/LinkOff';
import { Confirm, useDataProvider, useGetList, useTranslate } from 'react-admin';
import type { AccessGroupEmbedded, GroupDevice } from '../../../contract/access-groups';
import { PICKER_PAGE_SIZE } from '../../../contract/constants';
import type { DeviceRecord } from '../../../contract/devices';
import type { ConsoleDataProvider } from '../../dataProvider';
import { useNotices } from '../../notifications/notices';

const STATUS_COLOURS = { online: 'success', offline: 'default', pending: 'warning', rejected: 'error' } as const;

/** The devices that serve the group; staff who configure devices add and remove them. */
export const GroupDevices = ({ group, mayChange, onChanged }: { group: AccessGroupEmbedded; mayChange: boolean; onChanged: () => void }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const [chosen, setChosen] = useState<DeviceRecord | null>(null);
    const [doomed, setDoomed] = useState<GroupDevice>();
    const { data: devices = [] } = useGetList<DeviceRecord>(
        'devices',
        { pagination: { page: 1, perPage: PICKER_PAGE_SIZE }, sort: { field: 'description', order: 'ASC' }, filter: { account_id: group.account_id } },
        { enabled: mayChange },
    );
    const serving = new Set(group.devices.map(d => d.id));
    const candidates = devices.filter(d => !serving.has(d.id) && d.status !== 'rejected');
    const t = (key: string, options?: object) => translate(`resources.access_groups.devices.${key}`, options);

    const add = async () => {
        if (!chosen) return;
        try {
            await dataProvider.call(`/access_groups/${group.id}/devices`, { method: 'POST', body: { device_ids: [chosen.id] } });
            notices.modified('access_groups');
            setChosen(null);
            onChanged();
        } catch (e) {
            notices.modifyFailed('access_groups', e);
        }
    };
    const remove = async () => {
        if (!doomed) return;
        try {
            await dataProvider.call(`/access_groups/${group.id}/devices/${doomed.id}`, { method: 'DELETE', body: {} });
            notices.modified('access_groups');
            onChanged();
        } catch (e) {
            notices.modifyFailed('access_groups', e);
        }
        setDoomed(undefined);
    };

    return (
        <Card variant="outlined">
            <CardHeader title={t('title')} titleTypographyProps={{ variant: 'h6' }} />
            <CardContent sx={{ pt: 0 }}>
                {mayChange && (
                    <Box sx={{ display: 'flex', gap: 1, mb: 2 }}>
                        <Autocomplete
                            sx={{ flex: 1 }}
                            size="small"
                            options={candidates}
                            value={chosen}
                            onChange={(_e, v) => setChosen(v)}
                            getOptionLabel={d => `${d.description || d.hardware_id} (${d.hardware_id})`}
                            isOptionEqualToValue={(a, b) => a.id === b.id}
                            renderInput={params => <TextField {...params} label={t('choose')} />}
                        />
                        <Button variant="outlined" startIcon={<Add />} disabled={!chosen} onClick={() => void add()}>
                            {t('add')}
                        </Button>
                    </Box>
                )}
                {group.devices.length === 0 ? (
                    <Typography color="text.secondary">{t('empty')}</Typography>
                ) : (
                    <Table size="small" aria-label={t('title')}>
                        <TableHead>
                            <TableRow>
                                <TableCell>{t('description')}</TableCell>
                                <TableCell>{t('hardware_id')}</TableCell>
                                <TableCell>{t('status')}</TableCell>
                                {mayChange && <TableCell />}
                            </TableRow>
                        </TableHead>
                        <TableBody>
                            {group.devices.map(d => (
                                <TableRow key={d.id}>
                                    <TableCell>{d.description || d.hardware_id}</TableCell>
                                    <TableCell sx={{ fontFamily: 'monospace' }}>{d.hardware_id}</TableCell>
                                    <TableCell>
                                        <Chip size="small" color={STATUS_COLOURS[d.status]} label={t(`statuses.${d.status}`)} />
                                    </TableCell>
                                    {mayChange && (
                                        <TableCell align="right">
                                            <Tooltip title={t('remove')}>
                                                <IconButton aria-label={`${t('remove')}: ${d.description || d.hardware_id}`} onClick={() => setDoomed(d)}>
                                                    <LinkOff />
                                                </IconButton>
                                            </Tooltip>
                                        </TableCell>
                                    )}
                                </TableRow>
                            ))}
                        </TableBody>
                    </Table>
                )}
            </CardContent>
            <Confirm
                isOpen={!!doomed}
                title={t('confirmRemove', { device: doomed?.description || doomed?.hardware_id || '', group: group.description })}
                content={t('confirmRemoveContent')}
                confirm="app.ok"
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={() => void remove()}
                onClose={() => setDoomed(undefined)}
            />
        </Card>
    );
};
