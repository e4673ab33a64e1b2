import { useRef, useState } from 'react';
import { Alert, Box } from '@mui/material';
import { Confirm, PasswordInput, RadioButtonGroupInput, SelectInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { ONVIF_MANAGERS, ONVIF_USER_LEVELS } from '../../../../contract/devices';
import { keepEmpty } from './deviceForm';
import type { Device } from '../types';

type Manager = (typeof ONVIF_MANAGERS)[number];

/**
 * ONVIF credentials (SPEC 4.6, 5): managed by the platform (username,
 * password, user level set here) or by the ONVIF protocol. Switching asks
 * first and keeps a warning on screen: changes made on the other side are lost.
 */
export const OnvifInputs = () => {
    const translate = useTranslate();
    const record = useRecordContext<Device>();
    const { setValue } = useFormContext();
    const managed = useWatch({ name: 'onvif.managed_by' }) as Manager;
    const accepted = useRef<Manager | undefined>(record?.onvif.managed_by);
    const [asking, setAsking] = useState<Manager | null>(null);
    const saved = record?.onvif.managed_by;
    return (
        <Box>
            <RadioButtonGroupInput
                source="onvif.managed_by"
                choices={ONVIF_MANAGERS.map(m => ({ id: m, name: `resources.devices.onvifManagers.${m}` }))}
                onChange={event => {
                    const value = (event as { target: { value: Manager } }).target.value;
                    if (value !== accepted.current) setAsking(value);
                }}
            />
            {saved && managed !== saved && (
                <Alert severity="warning" sx={{ mb: 2 }}>
                    {translate(`resources.devices.onvifSwitch.${managed}`)}
                </Alert>
            )}
            {managed === 'platform' && (
                <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr 1fr' }, columnGap: 2 }}>
                    <TextInput source="onvif.username" autoComplete="off" parse={keepEmpty} />
                    <PasswordInput
                        source="onvif.password"
                        autoComplete="new-password"
                        parse={keepEmpty}
                        helperText={record?.onvif.password_set ? 'resources.devices.passwordKept' : 'resources.devices.onvifPasswordHelp'}
                    />
                    <SelectInput
                        source="onvif.user_level"
                        choices={ONVIF_USER_LEVELS.map(l => ({ id: l, name: `resources.devices.onvifLevels.${l}` }))}
                    />
                </Box>
            )}
            <Confirm
                isOpen={!!asking}
                title={translate('resources.devices.onvifSwitch.title')}
                content={asking ? translate(`resources.devices.onvifSwitch.${asking}`) : ''}
                confirm="resources.devices.onvifSwitch.proceed"
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={() => {
                    accepted.current = asking ?? undefined;
                    setAsking(null);
                }}
                onClose={() => {
                    setValue('onvif.managed_by', accepted.current, { shouldDirty: true });
                    setAsking(null);
                }}
            />
        </Box>
    );
};
