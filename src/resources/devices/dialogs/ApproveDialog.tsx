import { useState, type MouseEvent } from 'react';
import {
    Autocomplete,
    Button as MuiButton,
    Dialog,
    DialogActions,
    DialogContent,
    DialogContentText,
    DialogTitle,
    Stack,
    TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { approveInput } from '../../../../contract/devices';
import { useAccountList } from '../../../session/accounts';
import { useDeviceNotices } from '../deviceNotices';
import type { Device } from '../types';
import { useDeviceAction } from '../useDeviceCall';
import { useDeviceRights } from '../useDeviceRights';

const stop = (e: MouseEvent) => e.stopPropagation();

/**
 * Approve a pending (or rejected) reader: it then fetches its key at its next
 * call. A description can be given, and roles that reach other accounts may
 * approve it into another account of their scope.
 */
export const ApproveDialog = ({ device, onClose }: { device: Device; onClose: () => void }) => {
    const translate = useTranslate();
    const rights = useDeviceRights();
    const notices = useDeviceNotices();
    const act = useDeviceAction();
    const { data: accounts } = useAccountList();
    const [description, setDescription] = useState(device.description === device.hardware_id ? '' : device.description);
    const [account, setAccount] = useState<{ id: number; name: string }>({ id: device.account_id, name: device.account_name });
    const [busy, setBusy] = useState(false);
    const body = {
        ...(description.trim() && description.trim() !== device.description ? { description: description.trim() } : {}),
        ...(account.id !== device.account_id ? { assign_account_id: account.id } : {}),
    };
    const checked = approveInput.safeParse(body);
    const approve = async () => {
        setBusy(true);
        try {
            await act(device.id, 'approve', body);
            notices.success(
                translate('resources.devices.approve.done'),
                translate('resources.devices.approve.doneText', { name: description.trim() || device.hardware_id }),
            );
            onClose();
        } catch (e) {
            notices.failed('resources.devices.errors.approve', e);
            setBusy(false);
        }
    };
    return (
        <Dialog open onClose={onClose} onClick={stop} fullWidth maxWidth="sm" aria-labelledby="approve-device-title">
            <DialogTitle id="approve-device-title">
                {translate('resources.devices.approve.title', { hardware_id: device.hardware_id })}
            </DialogTitle>
            <DialogContent>
                <DialogContentText sx={{ mb: 2 }}>{translate('resources.devices.approve.text')}</DialogContentText>
                <Stack spacing={2}>
                    <TextField
                        label={translate('resources.devices.fields.description')}
                        value={description}
                        onChange={e => setDescription(e.target.value)}
                        placeholder={device.hardware_id}
                        error={!checked.success}
                        helperText={
                            checked.success
                                ? translate('resources.devices.approve.descriptionHelp')
                                : translate(checked.error.issues[0]!.message, { _: checked.error.issues[0]!.message })
                        }
                        fullWidth
                        autoFocus
                    />
                    {rights.accounts && accounts && (
                        <Autocomplete
                            options={accounts.map(a => ({ id: a.id, name: a.name }))}
                            value={account}
                            onChange={(_e, value) => value && setAccount(value)}
                            getOptionLabel={o => o.name}
                            isOptionEqualToValue={(a, b) => a.id === b.id}
                            disableClearable
                            renderInput={params => (
                                <TextField
                                    {...params}
                                    label={translate('resources.devices.approve.account')}
                                    helperText={translate('resources.devices.approve.accountHelp')}
                                />
                            )}
                        />
                    )}
                </Stack>
            </DialogContent>
            <DialogActions>
                <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
                <MuiButton variant="contained" color="success" disabled={busy || !checked.success} onClick={() => void approve()}>
                    {translate('resources.devices.actions.approve')}
                </MuiButton>
            </DialogActions>
        </Dialog>
    );
};
