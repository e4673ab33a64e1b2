import type { ReactNode } from 'react';
import { Box, Card, CardContent, Divider, LinearProgress, Typography } from '@mui/material';
import { Button, EditBase, Form, SaveButton, SelectInput, TextInput, Title, Toolbar, useEditContext, useTranslate } from 'react-admin';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { DEVICE_ROLES, LED_OPTIONS, SECURITY_LEVELS } from '../../../../contract/devices';
import { LoadFailure } from '../../../components/LoadFailure';
import { useNotices } from '../../../notifications/notices';
import { AccessGroupsInput } from '../form/AccessGroupsInput';
import { CommunicationInputs } from '../form/CommunicationInputs';
import { deviceFormDefaults, deviceFormResolver, keepEmpty, storedSecrets } from '../form/deviceForm';
import { OnvifInputs } from '../form/OnvifInputs';
import { SipInputs } from '../form/SipInputs';
import { TOP, type Device } from '../types';
import { useDeviceRights } from '../useDeviceRights';

const Section = ({ title, children }: { title: string; children: ReactNode }) => {
    const translate = useTranslate();
    return (
        <Box component="section" aria-label={translate(title)} sx={{ mb: 1 }}>
            <Divider sx={{ my: 2 }} />
            <Typography variant="subtitle1" sx={{ mb: 1, fontWeight: 500 }}>
                {translate(title)}
            </Typography>
            {children}
        </Box>
    );
};

const choices = (values: readonly string[], labels: string) => values.map(v => ({ id: v, name: `resources.devices.${labels}.${v}` }));

/** The form of SPEC 2.2 Modify Device Parameters, validated with contract/'s schema and its SPEC 5 texts. */
const DeviceForm = () => {
    const translate = useTranslate();
    const navigate = useNavigate();
    const { record, error, refetch } = useEditContext<Device>();
    if (error && !record) return <LoadFailure onRefresh={() => void refetch()} />;
    if (!record) return <LinearProgress />;
    return (
        <Card sx={{ maxWidth: 960, mt: 2 }}>
            <Title title={translate('resources.devices.edit.title')} />
            <Form
                resolver={deviceFormResolver(storedSecrets(record))}
                defaultValues={deviceFormDefaults}
                // Each field shows its own message (decisions.md: no "form is not valid" notice).
                disableInvalidFormNotification
            >
                <CardContent>
                    <Typography variant="h6">
                        {/* a reader registers under its hardware ID as its name: said once, not 'HW-1 (HW-1)' */}
                        {record.description && record.description !== record.hardware_id
                            ? translate('resources.devices.edit.heading', { name: record.description, hardware_id: record.hardware_id })
                            : record.hardware_id}
                    </Typography>
                    <Section title="resources.devices.sections.general">
                        <TextInput source="description" parse={keepEmpty} fullWidth />
                        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
                            <SelectInput source="role" choices={choices(DEVICE_ROLES, 'roles')} isRequired />
                            <SelectInput source="security_level" choices={choices(SECURITY_LEVELS, 'securityLevels')} isRequired />
                            <SelectInput source="led_option" choices={choices(LED_OPTIONS, 'ledOptions')} isRequired />
                        </Box>
                    </Section>
                    <Section title="resources.devices.sections.communication">
                        <CommunicationInputs />
                    </Section>
                    <Section title="resources.devices.sections.accessGroups">
                        <AccessGroupsInput accountId={record.account_id} />
                    </Section>
                    <Section title="resources.devices.sections.onvif">
                        <OnvifInputs />
                    </Section>
                    <Section title="resources.devices.sections.sip">
                        <SipInputs />
                    </Section>
                </CardContent>
                <Toolbar>
                    <SaveButton />
                    <Button label="ra.action.cancel" onClick={() => navigate(`/devices/${record.id}`, TOP)} sx={{ ml: 2 }} />
                </Toolbar>
            </Form>
        </Card>
    );
};

/** /devices/:id/edit: Modify Device Parameters (SPEC 2.2); after saving, the device page shows the reader applying them. */
export const DeviceEdit = () => {
    const { id } = useParams();
    const rights = useDeviceRights();
    const notices = useNotices();
    const navigate = useNavigate();
    if (!rights.ready) return null;
    if (!rights.edit) return <Navigate to={`/devices/${id}`} replace />;
    return (
        <EditBase
            resource="devices"
            id={id}
            mutationMode="pessimistic"
            redirect={false}
            mutationOptions={{
                onSuccess: () => {
                    notices.modified('devices');
                    navigate(`/devices/${id}`, TOP);
                },
                onError: e => notices.modifyFailed('devices', e),
            }}
        >
            <DeviceForm />
        </EditBase>
    );
};
