import { useState } from 'react';
import { Autocomplete, Box, Button, Card, CardContent, CardHeader, Chip, TextField, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import LinkOff from '@mui/icons-material/LinkOff';
import { Datagrid, FunctionField, TextField as TextCell, useGetList, useTranslate } from 'react-admin';
import type { AccessGroupEmbedded, GroupDevice } from '../../../contract/access-groups';
import { PICKER_PAGE_SIZE } from '../../../contract/constants';
import type { DeviceRecord } from '../../../contract/devices';
import { EmbeddedList } from '../../lists/EmbeddedList';
import { useGroupLinks } from './useGroupLinks';

const STATUS_COLOURS = { online: 'success', offline: 'default', pending: 'warning', rejected: 'error' } as const;

/** The devices that serve the group; staff who configure devices add and remove them. */
export const GroupDevices = ({
    group,
    mayChange,
    onChanged,
}: {
    group: AccessGroupEmbedded;
    mayChange: boolean;
    onChanged: () => void;
}) => {
    const translate = useTranslate();
    const [chosen, setChosen] = useState<DeviceRecord | null>(null);
    const t = (key: string, options?: object) => translate(`resources.access_groups.devices.${key}`, options);
    const links = useGroupLinks<GroupDevice>(group, 'devices', onChanged, <LinkOff />, d =>
        t('confirmRemove', { device: d.description || d.hardware_id, group: group.description }),
    );
    const { data: devices = [] } = useGetList<DeviceRecord>(
        'devices',
        {
            pagination: { page: 1, perPage: PICKER_PAGE_SIZE },
            sort: { field: 'description', order: 'ASC' },
            filter: { account_id: group.account_id },
        },
        { enabled: mayChange },
    );
    const serving = new Set(group.devices.map(d => d.id));
    const candidates = devices.filter(d => !serving.has(d.id) && d.status !== 'rejected');

    const add = async () => {
        if (chosen && (await links.add([chosen.id]))) setChosen(null);
    };

    return (
        <Card variant="outlined">
            <CardHeader title={t('title')} slotProps={{ title: { variant: 'h6' } }} />
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
                <EmbeddedList data={group.devices}>
                    <Datagrid
                        bulkActionButtons={false}
                        rowClick={false}
                        size="small"
                        aria-label={t('title')}
                        empty={<Typography color="text.secondary">{t('empty')}</Typography>}
                    >
                        <FunctionField
                            source="description"
                            sortable={false}
                            label={t('description')}
                            render={(d: GroupDevice) => d.description || d.hardware_id}
                        />
                        <TextCell source="hardware_id" sortable={false} label={t('hardware_id')} sx={{ fontFamily: 'monospace' }} />
                        <FunctionField
                            source="status"
                            sortable={false}
                            label={t('status')}
                            render={(d: GroupDevice) => (
                                <Chip size="small" color={STATUS_COLOURS[d.status]} label={t(`statuses.${d.status}`)} />
                            )}
                        />
                        {mayChange && (
                            <FunctionField
                                label=""
                                sortable={false}
                                textAlign="right"
                                render={(d: GroupDevice) => links.removeButton(d, d.description || d.hardware_id)}
                            />
                        )}
                    </Datagrid>
                </EmbeddedList>
            </CardContent>
            {links.dialog}
        </Card>
    );
};
