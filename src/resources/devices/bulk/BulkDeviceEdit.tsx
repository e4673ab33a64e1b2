import { useState } from 'react';
import { Alert, Box, Button as MuiButton, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { BooleanInput, Form, SelectInput, Title, useDataProvider, useTranslate, useUnselectAll } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { COMMUNICATION_OPTIONS, DEVICE_ROLES, deviceBulkEditInput, LED_OPTIONS, SECURITY_LEVELS } from '../../../../contract/devices';
import type { ConsoleDataProvider } from '../../../dataProvider';
import { useNotices } from '../../../notifications/notices';
import { AccessGroupsInput } from '../form/AccessGroupsInput';
import { useChosenDevices, useChosenIds } from './useChosenDevices';
import { AddDevicesByFilter, ChosenDevicesTable, NothingChosen } from './ChosenDevices';
import { TOP } from '../types';

const choices = (values: readonly string[], labels: string) => values.map(v => ({ id: v, name: `resources.devices.${labels}.${v}` }));
const PARAMETERS = ['role', 'security_level', 'led_option', 'communication'] as const;

interface BulkValues {
    role?: string | null;
    security_level?: string | null;
    led_option?: string | null;
    communication?: string | null;
    replace_access_groups?: boolean;
    access_group_ids?: number[] | null;
}

/** Only what the user changed: an empty select keeps each device's own value. */
export const bulkChanges = (values: BulkValues) => ({
    ...Object.fromEntries(PARAMETERS.filter(p => values[p]).map(p => [p, values[p]])),
    ...(values.replace_access_groups ? { access_group_ids: values.access_group_ids ?? [] } : {}),
});

const AccessGroupsChange = ({ accountId, mixed }: { accountId: number | undefined; mixed: boolean }) => {
    const translate = useTranslate();
    const replace = useWatch({ name: 'replace_access_groups' });
    if (mixed) return <Alert severity="info">{translate('resources.devices.bulk.groupsMixed')}</Alert>;
    return (
        <>
            <BooleanInput source="replace_access_groups" label="resources.devices.bulk.replaceGroups" />
            {replace && <AccessGroupsInput accountId={accountId} helperText="resources.devices.bulk.groupsHelp" />}
        </>
    );
};

/** /devices/bulk/edit: Bulk Device Edit (SPEC 2.2): the chosen devices get the parameters set here; the rest stays. */
export const BulkDeviceEdit = () => {
    const translate = useTranslate();
    const navigate = useNavigate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const [ids, setIds] = useChosenIds();
    const { data: devices, isFetching } = useChosenDevices(ids);
    const [problem, setProblem] = useState<string>();
    const unselectAll = useUnselectAll('devices');
    const accounts = [...new Set((devices ?? []).map(d => d.account_id))];
    const submit = async (values: BulkValues) => {
        const body = { device_ids: ids, changes: bulkChanges(values) };
        const checked = deviceBulkEditInput.safeParse(body);
        if (!checked.success) return setProblem(checked.error.issues[0]!.message);
        setProblem(undefined);
        try {
            const { updated } = await dataProvider.call<{ updated: number }>('/devices/bulk', { method: 'PUT', body });
            notices.success(translate('resources.devices.bulk.edited', { smart_count: updated }));
            unselectAll();
            navigate('/devices', TOP);
        } catch (e) {
            notices.modifyFailed('devices', e);
        }
    };
    return (
        <Box sx={{ maxWidth: 1100, pb: 3 }}>
            <Title title={translate('resources.devices.bulk.editTitle')} />
            <Card sx={{ mt: 2 }}>
                <CardContent>
                    <Typography variant="h6" sx={{ mb: 1 }}>
                        {translate('resources.devices.bulk.chosenCount', { smart_count: ids.length })}
                    </Typography>
                    {isFetching && <LinearProgress />}
                    {ids.length ? (
                        <ChosenDevicesTable devices={devices ?? []} onRemove={id => setIds(ids.filter(i => i !== id))} />
                    ) : (
                        <NothingChosen />
                    )}
                    <AddDevicesByFilter onAdd={more => setIds([...new Set([...ids, ...more])])} />
                </CardContent>
            </Card>
            <Card sx={{ mt: 2 }}>
                <Form onSubmit={(values: Record<string, unknown>) => submit(values as BulkValues)} disableInvalidFormNotification>
                    <CardContent>
                        <Typography variant="h6">{translate('resources.devices.bulk.parameters')}</Typography>
                        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                            {translate('resources.devices.bulk.parametersHelp')}
                        </Typography>
                        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
                            <SelectInput source="role" choices={choices(DEVICE_ROLES, 'roles')} emptyText="resources.devices.bulk.keep" />
                            <SelectInput
                                source="security_level"
                                choices={choices(SECURITY_LEVELS, 'securityLevels')}
                                emptyText="resources.devices.bulk.keep"
                            />
                            <SelectInput
                                source="led_option"
                                choices={choices(LED_OPTIONS, 'ledOptions')}
                                emptyText="resources.devices.bulk.keep"
                            />
                            <SelectInput
                                source="communication"
                                choices={choices(COMMUNICATION_OPTIONS, 'communications')}
                                emptyText="resources.devices.bulk.keep"
                            />
                        </Box>
                        <AccessGroupsChange accountId={accounts[0]} mixed={accounts.length > 1} />
                        {problem && (
                            <Alert severity="error" sx={{ mt: 2 }}>
                                {translate(problem, { _: problem })}
                            </Alert>
                        )}
                        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
                            <MuiButton type="submit" variant="contained" disabled={!ids.length}>
                                {translate('resources.devices.bulk.apply', { smart_count: ids.length })}
                            </MuiButton>
                            <MuiButton onClick={() => navigate('/devices', TOP)}>{translate('ra.action.cancel')}</MuiButton>
                        </Stack>
                    </CardContent>
                </Form>
            </Card>
        </Box>
    );
};
