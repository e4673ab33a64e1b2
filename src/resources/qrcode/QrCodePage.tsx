import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import Download from '@mui/icons-material/Download';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { qrCodeInput, WIFI_SECURITY, type QrCodeInput } from '../../../contract/qrcode';
import type { ConsoleDataProvider } from '../../dataProvider';
import { saveFile } from '../../dataProvider/files';
import { LoadFailure } from '../../components/LoadFailure';
import { useSession } from '../../session/useSession';
import { useDebounced } from '../../lists/useDebounced';

interface Wifi {
    on: boolean;
    ssid: string;
    security: (typeof WIFI_SECURITY)[number];
    password: string;
}

/** The body of POST /qrcode for these settings, or the fields' messages. */
const bodyOf = (wifi: Wifi) => {
    const body: QrCodeInput = wifi.on
        ? { wifi: { ssid: wifi.ssid, security: wifi.security, ...(wifi.security !== 'nopass' ? { password: wifi.password } : {}) } }
        : {};
    const checked = qrCodeInput.safeParse(body);
    if (checked.success) return { body, problems: {} as Record<string, string> };
    return { body: undefined, problems: Object.fromEntries(checked.error.issues.map(i => [i.path.at(-1) as string, i.message])) };
};

/** /qrcode: a reader-setup code (platform address, the account's registration code, optional Wi-Fi) to show to a reader's camera. */
export const QrCodePage = () => {
    const translate = useTranslate();
    const session = useSession();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const [wifi, setWifi] = useState<Wifi>({ on: false, ssid: '', security: 'WPA', password: '' });
    const { body, problems } = useMemo(() => bodyOf(wifi), [wifi]);
    const settled = useDebounced(body);
    const account = session?.currentAccount;
    const registration = useQuery({
        queryKey: ['devices', 'registration_code', account?.id],
        queryFn: ({ signal }) =>
            dataProvider.call<{ code: string; url: string; account_name: string }>('/devices/registration_code', { signal }),
        enabled: !!account,
    });
    const preview = useQuery({
        queryKey: ['qrcode', account?.id, registration.data?.code, settled],
        queryFn: () => dataProvider.call<Blob>('/qrcode', { method: 'POST', body: { ...settled, format: 'svg' }, blob: true }),
        enabled: !!account && !!settled && !!registration.data,
    });
    const [src, setSrc] = useState<string>();
    useEffect(() => {
        if (!preview.data) return;
        const url = URL.createObjectURL(preview.data);
        setSrc(url);
        return () => URL.revokeObjectURL(url);
    }, [preview.data]);
    if (!session || !account) return null;
    const download = async (format: 'png' | 'svg') => {
        if (!body) return;
        const file = await dataProvider.call<Blob>('/qrcode', { method: 'POST', body: { ...body, format, size: 1024 }, blob: true });
        saveFile(file, `reader-setup-${registration.data?.code ?? account.id}.${format}`);
    };
    const set = (change: Partial<Wifi>) => setWifi(w => ({ ...w, ...change }));
    const name = registration.data?.account_name ?? account.name;
    return (
        <Box sx={{ py: 2, maxWidth: 980 }}>
            <Title title={translate('qrcode.title')} />
            <Typography variant="h5" component="h1">
                {translate('qrcode.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
                {translate('qrcode.intro', { account: name })}
            </Typography>
            {registration.error ? (
                <LoadFailure onRefresh={() => void registration.refetch()} />
            ) : (
                <Card variant="outlined">
                    <CardContent>
                        <Stack direction={{ xs: 'column', md: 'row' }} spacing={4}>
                            <Box sx={{ width: 320, flexShrink: 0 }}>
                                <Box
                                    sx={{
                                        width: 320,
                                        height: 320,
                                        border: 1,
                                        borderColor: 'divider',
                                        borderRadius: 1,
                                        display: 'flex',
                                        alignItems: 'center',
                                        justifyContent: 'center',
                                        // white in the dark theme too: a scanner needs the code's light margin
                                        bgcolor: 'common.white',
                                    }}
                                >
                                    {src && <img src={src} alt={translate('qrcode.preview', { account: name })} width={300} height={300} />}
                                </Box>
                                {preview.error && (
                                    <Alert severity="error" sx={{ mt: 1 }}>
                                        {translate('qrcode.failed')}
                                    </Alert>
                                )}
                                <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                                    <Button startIcon={<Download />} disabled={!body} onClick={() => void download('png')}>
                                        {translate('qrcode.downloadPng')}
                                    </Button>
                                    <Button startIcon={<Download />} disabled={!body} onClick={() => void download('svg')}>
                                        {translate('qrcode.downloadSvg')}
                                    </Button>
                                </Stack>
                            </Box>
                            <Stack spacing={2} sx={{ flex: 1 }}>
                                <TextField
                                    label={translate('qrcode.platform')}
                                    value={registration.data?.url ?? ''}
                                    slotProps={{ input: { readOnly: true } }}
                                />
                                <TextField
                                    label={translate('qrcode.code')}
                                    value={registration.data?.code ?? ''}
                                    slotProps={{ input: { readOnly: true } }}
                                />
                                <FormControlLabel
                                    control={<Switch checked={wifi.on} onChange={e => set({ on: e.target.checked })} />}
                                    label={translate('qrcode.wifi')}
                                />
                                {wifi.on && (
                                    <>
                                        <TextField
                                            label={translate('qrcode.ssid')}
                                            value={wifi.ssid}
                                            onChange={e => set({ ssid: e.target.value })}
                                            error={!!problems.ssid}
                                            helperText={problems.ssid}
                                        />
                                        <TextField
                                            select
                                            label={translate('qrcode.security')}
                                            value={wifi.security}
                                            onChange={e => set({ security: e.target.value as Wifi['security'] })}
                                        >
                                            {WIFI_SECURITY.map(s => (
                                                <MenuItem key={s} value={s}>
                                                    {translate(`qrcode.securities.${s}`)}
                                                </MenuItem>
                                            ))}
                                        </TextField>
                                        {wifi.security !== 'nopass' && (
                                            <TextField
                                                type="password"
                                                autoComplete="off"
                                                label={translate('qrcode.password')}
                                                value={wifi.password}
                                                onChange={e => set({ password: e.target.value })}
                                                error={!!problems.password}
                                                helperText={problems.password ?? translate('qrcode.passwordHelp')}
                                            />
                                        )}
                                    </>
                                )}
                            </Stack>
                        </Stack>
                    </CardContent>
                </Card>
            )}
        </Box>
    );
};
