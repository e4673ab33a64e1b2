import { Box } from '@mui/material';
import { BooleanInput, NumberInput, PasswordInput, SelectInput, TextInput, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { SIP_TRANSPORTS } from '../../../../contract/devices';
import { keepEmpty } from './deviceForm';
import type { Device } from '../types';

/** SIP line settings (SPEC 5): off, or on with every field required. */
export const SipInputs = () => {
    const record = useRecordContext<Device>();
    const enabled = useWatch({ name: 'sip.enabled' }) as boolean;
    return (
        <Box>
            <BooleanInput source="sip.enabled" />
            {enabled && (
                <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr 1fr' }, columnGap: 2 }}>
                    <TextInput source="sip.domain" />
                    <SelectInput
                        source="sip.transport"
                        choices={SIP_TRANSPORTS.map(t => ({ id: t, name: `resources.devices.transports.${t}` }))}
                    />
                    <NumberInput source="sip.port" min={1} max={65535} step={1} />
                    <TextInput source="sip.number" />
                    <TextInput source="sip.call_number" />
                    <NumberInput source="sip.polling_interval" min={1} max={3600} step={1} />
                    <TextInput source="sip.username" autoComplete="off" />
                    <TextInput source="sip.display_name" />
                    <PasswordInput
                        source="sip.password"
                        autoComplete="new-password"
                        parse={keepEmpty}
                        helperText={record?.sip.password_set ? 'resources.devices.passwordKept' : false}
                    />
                    <TextInput source="sip.extension" />
                    <TextInput source="sip.url" sx={{ gridColumn: { sm: 'span 2' } }} />
                </Box>
            )}
        </Box>
    );
};
