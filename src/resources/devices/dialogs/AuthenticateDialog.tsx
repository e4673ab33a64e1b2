import { useState, type MouseEvent } from 'react';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import VpnKey from '@mui/icons-material/VpnKey';
import { Button, useTranslate } from 'react-admin';
import { authenticateInput } from '../../../../contract/devices';
import { useDeviceNotices } from '../deviceNotices';
import type { Device } from '../types';
import { useDeviceAction } from '../useDeviceCall';

const stop = (e: MouseEvent) => e.stopPropagation();

/**
 * A reader that came back with new credentials (factory reset, new board) is
 * accepted with the 6-digit pairing code it shows on its screen (SPEC 8.2).
 */
export const AuthenticateDialog = ({ device, onClose }: { device: Device; onClose: () => void }) => {
    const translate = useTranslate();
    const notices = useDeviceNotices();
    const act = useDeviceAction();
    const [code, setCode] = useState('');
    const [touched, setTouched] = useState(false);
    const [serverError, setServerError] = useState<string>();
    const [busy, setBusy] = useState(false);
    const checked = authenticateInput.safeParse({ pairing_code: code });
    const fieldError = serverError ?? (touched && !checked.success ? checked.error.issues[0]!.message : undefined);
    const submit = async () => {
        setTouched(true);
        if (!checked.success) return;
        setBusy(true);
        try {
            await act(device.id, 'authenticate', { pairing_code: code });
            notices.success(
                translate('resources.devices.authenticate.done'),
                translate('resources.devices.authenticate.doneText', { id: device.id }),
            );
            onClose();
        } catch (e) {
            // SPEC 8.2 notice; a wrong code (422) is also said under the field.
            notices.failed('resources.devices.authenticate.failedTitle', e, 'resources.devices.authenticate.failed');
            if ((e as { status?: number }).status === 422) setServerError(notices.serverText(e));
            setBusy(false);
        }
    };
    return (
        <Dialog open onClose={onClose} onClick={stop} fullWidth maxWidth="xs" aria-labelledby="authenticate-device-title">
            <DialogTitle id="authenticate-device-title">{translate('resources.devices.authenticate.title')}</DialogTitle>
            <DialogContent>
                <DialogContentText sx={{ mb: 2 }}>
                    {translate('resources.devices.authenticate.text', { hardware_id: device.hardware_id })}
                </DialogContentText>
                <TextField
                    label={translate('resources.devices.authenticate.code')}
                    value={code}
                    onChange={e => {
                        setCode(e.target.value.trim());
                        setServerError(undefined);
                    }}
                    onBlur={() => setTouched(true)}
                    onKeyDown={e => e.key === 'Enter' && void submit()}
                    slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, autoComplete: 'off' } }}
                    error={!!fieldError}
                    helperText={fieldError ? translate(fieldError, { _: fieldError }) : ' '}
                    fullWidth
                    autoFocus
                />
            </DialogContent>
            <DialogActions>
                <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
                <MuiButton variant="contained" disabled={busy} onClick={() => void submit()}>
                    {translate('resources.devices.actions.authenticate')}
                </MuiButton>
            </DialogActions>
        </Dialog>
    );
};

export const AuthenticateButton = ({ device }: { device: Device }) => {
    const [open, setOpen] = useState(false);
    return (
        <>
            <Button
                label="resources.devices.actions.authenticate"
                color="warning"
                onClick={e => {
                    e.stopPropagation();
                    setOpen(true);
                }}
            >
                <VpnKey />
            </Button>
            {open && <AuthenticateDialog device={device} onClose={() => setOpen(false)} />}
        </>
    );
};
