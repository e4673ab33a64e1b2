import { useState } from 'react';
import {
    Alert,
    Box,
    Button as MuiButton,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    LinearProgress,
    Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, useDataProvider, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../../../dataProvider';
import { useDeviceNotices } from '../deviceNotices';
import { CREATE_SHORTCUT } from '../../../components/shortcutTarget';

interface RegistrationCode {
    account_id: number;
    account_name: string;
    code: string;
    url: string;
}

const Value = ({ label, value }: { label: string; value: string }) => (
    <Box sx={{ mb: 2 }}>
        <Typography variant="body2" color="text.secondary">
            {label}
        </Typography>
        <Typography sx={{ fontFamily: 'monospace', fontSize: 22, letterSpacing: 1 }} aria-label={label}>
            {value}
        </Typography>
    </Box>
);

/**
 * 'Add a reader': the current account's registration code, the platform
 * address, and how an installer enters them on the reader. 'New code'
 * replaces the code (readers already registered are not affected).
 */
const AddReaderDialog = ({ onClose }: { onClose: () => void }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const queryClient = useQueryClient();
    const notices = useDeviceNotices();
    const key = ['devices', 'registration_code'];
    const { data, error } = useQuery({
        queryKey: key,
        queryFn: ({ signal }) => dataProvider.call<RegistrationCode>('/devices/registration_code', { signal }),
    });
    const [busy, setBusy] = useState(false);
    const renew = async () => {
        setBusy(true);
        try {
            queryClient.setQueryData(
                key,
                await dataProvider.call<RegistrationCode>('/devices/registration_code', { method: 'PUT', body: {} }),
            );
            notices.success(translate('resources.devices.addReader.renewed'));
        } catch (e) {
            notices.failed('resources.devices.errors.registrationCode', e);
        } finally {
            setBusy(false);
        }
    };
    return (
        <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="add-reader-title">
            <DialogTitle id="add-reader-title">{translate('resources.devices.addReader.title')}</DialogTitle>
            <DialogContent>
                {error && <Alert severity="error">{translate('layout.failure.text')}</Alert>}
                {!data && !error && <LinearProgress />}
                {data && (
                    <>
                        <Typography sx={{ mb: 2 }}>
                            {translate('resources.devices.addReader.intro', { account: data.account_name })}
                        </Typography>
                        <Value label={translate('resources.devices.addReader.address')} value={data.url} />
                        <Value label={translate('resources.devices.addReader.code')} value={data.code} />
                        <Box component="ol" sx={{ pl: 3, my: 0, '& li': { mb: 0.5 } }}>
                            <li>{translate('resources.devices.addReader.step1')}</li>
                            <li>{translate('resources.devices.addReader.step2')}</li>
                            <li>{translate('resources.devices.addReader.step3')}</li>
                        </Box>
                        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                            {translate('resources.devices.addReader.newCodeHelp')}
                        </Typography>
                    </>
                )}
            </DialogContent>
            <DialogActions>
                <MuiButton onClick={() => void renew()} disabled={busy || !data}>
                    {translate('resources.devices.addReader.newCode')}
                </MuiButton>
                <MuiButton variant="contained" onClick={onClose}>
                    {translate('ra.action.close')}
                </MuiButton>
            </DialogActions>
        </Dialog>
    );
};

export const AddReaderButton = () => {
    const [open, setOpen] = useState(false);
    return (
        <>
            <Button label="resources.devices.addReader.title" onClick={() => setOpen(true)} {...CREATE_SHORTCUT}>
                <Add />
            </Button>
            {open && <AddReaderDialog onClose={() => setOpen(false)} />}
        </>
    );
};
