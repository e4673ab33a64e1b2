import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
    Alert,
    Box,
    Button,
    Checkbox,
    Divider,
    FormControlLabel,
    MenuItem,
    Stack,
    Switch,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TablePagination,
    TableRow,
    TextField,
    Typography,
} from '@mui/material';
import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import { Confirm, useDataProvider, useTranslate } from 'react-admin';
import {
    ACS_LOG_ACTIONS,
    ACS_LOG_LEVELS,
    ACS_PROVIDERS,
    CERTIFICATE_MAX_BYTES,
    CHUID_MODES,
    DEFAULT_CHUID,
    type AccountCertificateRecord,
    type AcsIntegrationRecord,
    type AcsLogRecord,
    type AcsProvider,
    type ChuidSettings,
} from '../../../contract/acsIntegration';
import { DEFAULT_PAGE_SIZE } from '../../../contract/constants';
import { PAGE_SIZES } from '../../lists/listQuery';
import { can } from '../../../contract/rights';
import type { ConsoleDataProvider } from '../../dataProvider';
import { saveFile } from '../../dataProvider/files';
import { formatDate } from '../../i18n/format';
import { useNotices } from '../../notifications/notices';
import { useRefreshSession } from '../../session/refresh';
import { useSession } from '../../session/useSession';

const T = 'resources.acs_integration';
type Dp = ConsoleDataProvider;

const statusOf = (e: unknown) => (e as { status?: number } | undefined)?.status;

/** The form's values, all text so the fields stay controlled. */
interface Form {
    provider: AcsProvider;
    address: string;
    username: string;
    application_id: string;
    cardholder_group: string;
    base_dn: string;
    filter: string;
    badge_attribute: string;
    facility_code_attribute: string;
    group_attribute: string;
    password: string;
    sync_every_minutes: string;
    enabled: boolean;
}

const EMPTY: Form = {
    provider: 'genetec',
    address: '',
    username: '',
    application_id: '',
    cardholder_group: '',
    base_dn: '',
    filter: '(objectClass=person)',
    badge_attribute: 'employeeNumber',
    facility_code_attribute: '',
    group_attribute: 'memberOf',
    password: '',
    sync_every_minutes: '0',
    enabled: true,
};

const text = (v: unknown, fallback = '') => (typeof v === 'string' ? v : fallback);

const fromRecord = (r: AcsIntegrationRecord): Form => ({
    ...EMPTY,
    provider: r.provider,
    address: r.address,
    username: text(r.settings.username ?? r.settings.bind_dn),
    application_id: text(r.settings.application_id),
    cardholder_group: text(r.settings.cardholder_group),
    base_dn: text(r.settings.base_dn),
    filter: text(r.settings.filter, EMPTY.filter),
    badge_attribute: text(r.settings.badge_attribute, EMPTY.badge_attribute),
    facility_code_attribute: text(r.settings.facility_code_attribute),
    group_attribute: text(r.settings.group_attribute, EMPTY.group_attribute),
    sync_every_minutes: String(r.sync_every_minutes),
    enabled: r.enabled,
});

/** The body of PUT /acs-integration/update and POST /acs-integration/test; an empty password keeps the stored one. */
const toBody = (f: Form, accountId: number) => ({
    account_id: accountId,
    provider: f.provider,
    address: f.address.trim(),
    settings:
        f.provider === 'genetec'
            ? {
                  username: f.username,
                  application_id: f.application_id,
                  ...(f.cardholder_group.trim() ? { cardholder_group: f.cardholder_group } : {}),
              }
            : {
                  bind_dn: f.username,
                  base_dn: f.base_dn,
                  filter: f.filter,
                  badge_attribute: f.badge_attribute,
                  facility_code_attribute: f.facility_code_attribute,
                  group_attribute: f.group_attribute,
              },
    ...(f.password ? { secrets: { password: f.password } } : {}),
    sync_every_minutes: Number(f.sync_every_minutes) || 0,
    enabled: f.enabled,
});

const Heading = ({ id, children }: { id: string; children: ReactNode }) => (
    <Typography variant="h6" component="h2" id={id}>
        {children}
    </Typography>
);

/** The connection: provider, address, credentials (the password write-only), schedule; test, save, delete. */
const Connection = ({
    accountId,
    readOnly,
    integration,
    onSaved,
    onTested,
}: {
    accountId: number;
    readOnly: boolean;
    integration: AcsIntegrationRecord | null;
    onSaved: (r: AcsIntegrationRecord | null) => void;
    /** a test wrote a line of the log */
    onTested: () => void;
}) => {
    const translate = useTranslate();
    const dp = useDataProvider<Dp>();
    const notices = useNotices();
    const [form, setForm] = useState<Form>(integration ? fromRecord(integration) : EMPTY);
    const [changingPassword, setChangingPassword] = useState(!integration?.password_set);
    const [testing, setTesting] = useState(false);
    const [syncing, setSyncing] = useState(false);
    const [result, setResult] = useState<{ ok: boolean; text: string }>();
    const [fields, setFields] = useState<Record<string, string>>({});
    const [confirming, setConfirming] = useState(false);
    const set = (patch: Partial<Form>) => setForm(f => ({ ...f, ...patch }));
    /** what the server said of a field: its own key, under settings, or the password under secrets */
    const problem = (key: keyof Form) =>
        fields[key] ?? fields[`settings.${key}`] ?? (key === 'password' ? fields['secrets.password'] : undefined);
    const field = (key: keyof Form, label: string, extra: Record<string, unknown> = {}) => (
        <TextField
            label={translate(`${T}.fields.${label}`)}
            value={form[key] as string}
            disabled={readOnly}
            size="small"
            error={!!problem(key)}
            helperText={problem(key) ?? extra.helperText}
            onChange={e => set({ [key]: e.target.value } as Partial<Form>)}
            {...extra}
        />
    );

    const test = async () => {
        setTesting(true);
        setResult(undefined);
        try {
            const r = await dp.call<{ ok: true; detail: string } | { ok: false; error: string }>('/acs-integration/test', {
                method: 'POST',
                body: toBody(form, accountId),
                noAccount: true,
            });
            setResult(r.ok ? { ok: true, text: r.detail } : { ok: false, text: r.error });
        } catch (e) {
            setResult({
                ok: false,
                text: (e as { body?: { fields?: Record<string, string> } }).body?.fields ? translate(`${T}.invalid`) : (e as Error).message,
            });
        } finally {
            setTesting(false);
            onTested();
        }
    };
    /** Synchronise now (POST /acs-integration/sync): what changed, or why the ACS could not be read. */
    const sync = async () => {
        setSyncing(true);
        setResult(undefined);
        try {
            const r = await dp.call<{ status: string }>('/acs-integration/sync', {
                method: 'POST',
                body: { account_id: accountId },
                noAccount: true,
            });
            setResult({ ok: true, text: r.status });
        } catch (e) {
            setResult({ ok: false, text: (e as Error).message });
        } finally {
            setSyncing(false);
            onTested();
        }
    };
    const save = async () => {
        setFields({});
        try {
            const saved = await dp.call<AcsIntegrationRecord>('/acs-integration/update', {
                method: 'PUT',
                body: toBody(form, accountId),
                noAccount: true,
            });
            onSaved(saved);
            set({ password: '' });
            setChangingPassword(false);
            notices.success(translate(`${T}.saved`));
        } catch (e) {
            const invalid = (e as { body?: { fields?: Record<string, string> } }).body?.fields;
            if (invalid) setFields(invalid);
            if (invalid?.['secrets.password']) setChangingPassword(true);
            notices.failed(`${T}.saveFailed`, e);
        }
    };
    const remove = async () => {
        setConfirming(false);
        try {
            await dp.call(`/acs-integration/${integration!.id}`, { method: 'DELETE', query: { account_id: accountId }, noAccount: true });
            onSaved(null);
            setForm(EMPTY);
            setChangingPassword(true);
            notices.success(translate(`${T}.deleted`));
        } catch (e) {
            notices.failed(`${T}.deleteFailed`, e);
        }
    };

    return (
        <Stack spacing={2} component="section" aria-labelledby="acs-connection">
            <Heading id="acs-connection">{translate(`${T}.connection`)}</Heading>
            <TextField
                select
                label={translate(`${T}.fields.provider`)}
                value={form.provider}
                disabled={readOnly}
                size="small"
                onChange={e => set({ provider: e.target.value as AcsProvider })}
            >
                {ACS_PROVIDERS.map(p => (
                    <MenuItem key={p} value={p}>
                        {translate(`${T}.providers.${p}`)}
                    </MenuItem>
                ))}
            </TextField>
            {field('address', 'address', { helperText: translate(`${T}.help.${form.provider}Address`) })}
            {field('username', form.provider === 'genetec' ? 'username' : 'bind_dn')}
            {form.provider === 'genetec' && field('application_id', 'application_id')}
            {form.provider === 'genetec' && field('cardholder_group', 'cardholder_group')}
            {form.provider === 'directory' && (
                <>
                    {field('base_dn', 'base_dn')}
                    {field('filter', 'filter')}
                    {field('badge_attribute', 'badge_attribute')}
                    {field('facility_code_attribute', 'facility_code_attribute')}
                    {field('group_attribute', 'group_attribute')}
                </>
            )}
            {changingPassword ? (
                field('password', 'password', { type: 'password', autoComplete: 'new-password' })
            ) : (
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                    <Typography>
                        {translate(`${T}.fields.password`)}: {translate(`${T}.passwordSet`)}
                    </Typography>
                    {!readOnly && <Button onClick={() => setChangingPassword(true)}>{translate(`${T}.changePassword`)}</Button>}
                </Stack>
            )}
            {field('sync_every_minutes', 'sync_every_minutes', { inputMode: 'numeric', helperText: translate(`${T}.help.sync`) })}
            <FormControlLabel
                control={<Switch checked={form.enabled} disabled={readOnly} onChange={e => set({ enabled: e.target.checked })} />}
                label={translate(`${T}.fields.enabled`)}
            />
            {integration?.last_sync_at && (
                <Typography variant="body2" color="text.secondary">
                    {translate(`${T}.lastSync`, { time: formatDate(integration.last_sync_at), status: integration.last_sync_status ?? '' })}
                </Typography>
            )}
            {result && (
                <Alert severity={result.ok ? 'success' : 'error'} role="status">
                    {result.text}
                </Alert>
            )}
            {!readOnly && (
                <Stack direction="row" spacing={2}>
                    <Button variant="outlined" disabled={testing} onClick={() => void test()}>
                        {translate(`${T}.test`)}
                    </Button>
                    <Button variant="contained" onClick={() => void save()}>
                        {translate('ra.action.save')}
                    </Button>
                    {integration && (
                        <Button variant="outlined" disabled={syncing} onClick={() => void sync()}>
                            {translate(`${T}.syncNow`)}
                        </Button>
                    )}
                    {integration && (
                        <Button color="error" onClick={() => setConfirming(true)}>
                            {translate('ra.action.delete')}
                        </Button>
                    )}
                </Stack>
            )}
            <Confirm
                isOpen={confirming}
                title={translate(`${T}.confirmDeleteTitle`)}
                content={translate(`${T}.confirmDelete`)}
                onConfirm={() => void remove()}
                onClose={() => setConfirming(false)}
            />
        </Stack>
    );
};

/** SPEC 3: the account's certificate in PEM format, trusted for the ACS's https address. */
const Certificate = ({ accountId, readOnly }: { accountId: number; readOnly: boolean }) => {
    const translate = useTranslate();
    const dp = useDataProvider<Dp>();
    const notices = useNotices();
    const [cert, setCert] = useState<AccountCertificateRecord | null>();
    const [error, setError] = useState<string>();
    useEffect(() => {
        dp.call<AccountCertificateRecord>(`/accounts/${accountId}/cert`, { noAccount: true })
            .then(setCert)
            .catch(e => (statusOf(e) === 404 ? setCert(null) : notices.failed(`${T}.certificate.loadFailed`, e)));
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [dp, accountId]);
    const upload = async (file: File) => {
        setError(undefined);
        if (file.size > CERTIFICATE_MAX_BYTES) return setError(translate(`${T}.certificate.tooLarge`));
        const body = new FormData();
        body.append('file', file);
        try {
            setCert(await dp.call<AccountCertificateRecord>(`/accounts/${accountId}/cert`, { method: 'POST', body, noAccount: true }));
        } catch (e) {
            setError((e as Error).message);
        }
    };
    const remove = async () => {
        try {
            await dp.call(`/accounts/${accountId}/cert`, { method: 'DELETE', noAccount: true });
            setCert(null);
        } catch (e) {
            notices.failed(`${T}.certificate.deleteFailed`, e);
        }
    };
    if (cert === undefined) return null;
    return (
        <Stack spacing={1} component="section" aria-labelledby="acs-certificate">
            <Heading id="acs-certificate">{translate(`${T}.certificate.title`)}</Heading>
            <Typography variant="body2" color="text.secondary">
                {translate(`${T}.certificate.help`)}
            </Typography>
            {cert ? (
                <Box component="dl" sx={{ m: 0 }}>
                    <Typography component="dt" variant="caption">
                        {translate(`${T}.certificate.subject`)}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0 }}>
                        {cert.subject}
                    </Typography>
                    <Typography component="dt" variant="caption">
                        {translate(`${T}.certificate.issuer`)}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0 }}>
                        {cert.issuer}
                    </Typography>
                    <Typography component="dt" variant="caption">
                        {translate(`${T}.certificate.expires`)}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0 }} color={cert.expired ? 'error' : undefined} data-expired={cert.expired}>
                        {formatDate(cert.not_after)}
                        {cert.expired ? ` (${translate(`${T}.certificate.expired`)})` : ''}
                    </Typography>
                </Box>
            ) : (
                <Typography>{translate(`${T}.certificate.none`)}</Typography>
            )}
            {error && <Alert severity="error">{error}</Alert>}
            {!readOnly && (
                <Stack direction="row" spacing={2}>
                    <Button component="label" startIcon={<UploadFile />}>
                        {translate(`${T}.certificate.upload`)}
                        <input
                            hidden
                            type="file"
                            accept=".pem,.crt,.cer,application/x-pem-file"
                            aria-label={translate(`${T}.certificate.upload`)}
                            onChange={e => {
                                const file = e.target.files?.[0];
                                e.target.value = '';
                                if (file) void upload(file);
                            }}
                        />
                    </Button>
                    {cert && (
                        <Button color="error" onClick={() => void remove()}>
                            {translate(`${T}.certificate.remove`)}
                        </Button>
                    )}
                </Stack>
            )}
        </Stack>
    );
};

/** Which part of a PIV card's CHUID is the badge (docs/decisions.md). */
const Chuid = ({ accountId, readOnly }: { accountId: number; readOnly: boolean }) => {
    const translate = useTranslate();
    const dp = useDataProvider<Dp>();
    const notices = useNotices();
    const [chuid, setChuid] = useState<ChuidSettings>();
    useEffect(() => {
        dp.call<ChuidSettings>('/acs-integration/chuid', { query: { account_id: accountId }, noAccount: true })
            .then(setChuid)
            .catch(() => setChuid(DEFAULT_CHUID));
    }, [dp, accountId]);
    if (!chuid) return null;
    const save = () =>
        dp
            .call<ChuidSettings>('/acs-integration/chuid', { method: 'PUT', body: { ...chuid, account_id: accountId }, noAccount: true })
            .then(r => {
                setChuid(r);
                notices.success(translate(`${T}.chuid.saved`));
            })
            .catch(e => notices.failed(`${T}.chuid.saveFailed`, e));
    return (
        <Stack spacing={2} component="section" aria-labelledby="acs-chuid">
            <Heading id="acs-chuid">{translate(`${T}.chuid.title`)}</Heading>
            <Typography variant="body2" color="text.secondary">
                {translate(`${T}.chuid.help`)}
            </Typography>
            <TextField
                select
                size="small"
                label={translate(`${T}.chuid.mode`)}
                value={chuid.mode}
                disabled={readOnly}
                onChange={e => setChuid({ ...chuid, mode: e.target.value as ChuidSettings['mode'] })}
            >
                {CHUID_MODES.map(m => (
                    <MenuItem key={m} value={m}>
                        {translate(`${T}.chuid.modes.${m}`)}
                    </MenuItem>
                ))}
            </TextField>
            <TextField
                size="small"
                label={translate(`${T}.chuid.agency_code`)}
                value={chuid.agency_code}
                disabled={readOnly}
                onChange={e => setChuid({ ...chuid, agency_code: e.target.value })}
            />
            <TextField
                size="small"
                label={translate(`${T}.chuid.system_code`)}
                value={chuid.system_code}
                disabled={readOnly}
                onChange={e => setChuid({ ...chuid, system_code: e.target.value })}
            />
            <FormControlLabel
                control={
                    <Checkbox
                        checked={chuid.include_credential_series}
                        disabled={readOnly}
                        onChange={e => setChuid({ ...chuid, include_credential_series: e.target.checked })}
                    />
                }
                label={translate(`${T}.chuid.include_credential_series`)}
            />
            {!readOnly && (
                <Box>
                    <Button variant="contained" onClick={() => void save()}>
                        {translate(`${T}.chuid.save`)}
                    </Button>
                </Box>
            )}
        </Stack>
    );
};

/** The integration log: filters, pages, and the CSV export with the same filters. */
const Log = ({ accountId, refresh }: { accountId: number; refresh: number }) => {
    const translate = useTranslate();
    const dp = useDataProvider<Dp>();
    const notices = useNotices();
    const [filters, setFilters] = useState({ level: '', action: '', acs_id: '' });
    const [page, setPage] = useState(0);
    const [perPage, setPerPage] = useState<number>(DEFAULT_PAGE_SIZE);
    const [rows, setRows] = useState<{ result: AcsLogRecord[]; count: number }>();
    const query = useCallback(
        () => ({ account_id: accountId, ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== '')) }),
        [accountId, filters],
    );
    useEffect(() => {
        dp.call<{ result: AcsLogRecord[]; count: number }>('/acs-integration/logs', {
            query: { ...query(), page: page + 1, per_page: perPage },
            noAccount: true,
        })
            .then(setRows)
            .catch(e => notices.failed(`${T}.log.loadFailed`, e));
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [dp, query, page, perPage, refresh]);
    const exportCsv = () =>
        dp
            .download('/acs-integration/logs/export', query())
            .then(file => saveFile(file, 'acs-integration-logs.csv'))
            .catch(e => notices.failed(`${T}.log.exportFailed`, e));
    const filter = (key: keyof typeof filters, value: string) => {
        setPage(0);
        setFilters(f => ({ ...f, [key]: value }));
    };
    return (
        <Stack spacing={2} component="section" aria-labelledby="acs-log">
            <Heading id="acs-log">{translate(`${T}.log.title`)}</Heading>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <TextField
                    select
                    size="small"
                    sx={{ minWidth: 140 }}
                    label={translate(`${T}.log.level`)}
                    value={filters.level}
                    onChange={e => filter('level', e.target.value)}
                >
                    <MenuItem value="">{translate(`${T}.log.any`)}</MenuItem>
                    {ACS_LOG_LEVELS.map(l => (
                        <MenuItem key={l} value={l}>
                            {translate(`${T}.log.levels.${l}`)}
                        </MenuItem>
                    ))}
                </TextField>
                <TextField
                    select
                    size="small"
                    sx={{ minWidth: 180 }}
                    label={translate(`${T}.log.action`)}
                    value={filters.action}
                    onChange={e => filter('action', e.target.value)}
                >
                    <MenuItem value="">{translate(`${T}.log.any`)}</MenuItem>
                    {ACS_LOG_ACTIONS.map(a => (
                        <MenuItem key={a} value={a}>
                            {translate(`${T}.log.actions.${a}`)}
                        </MenuItem>
                    ))}
                </TextField>
                <TextField
                    size="small"
                    label={translate(`${T}.log.acs_id`)}
                    value={filters.acs_id}
                    onChange={e => filter('acs_id', e.target.value)}
                />
                <Button startIcon={<Download />} onClick={() => void exportCsv()}>
                    {translate('ra.action.export')}
                </Button>
            </Stack>
            <Table size="small" aria-label={translate(`${T}.log.title`)}>
                <TableHead>
                    <TableRow>
                        <TableCell>{translate(`${T}.log.at`)}</TableCell>
                        <TableCell>{translate(`${T}.log.level`)}</TableCell>
                        <TableCell>{translate(`${T}.log.action`)}</TableCell>
                        <TableCell>{translate(`${T}.log.acs_id`)}</TableCell>
                        <TableCell>{translate(`${T}.log.message`)}</TableCell>
                    </TableRow>
                </TableHead>
                <TableBody>
                    {rows?.result.map(r => (
                        <TableRow key={r.id}>
                            <TableCell>{formatDate(r.at)}</TableCell>
                            <TableCell
                                sx={{ color: r.level === 'error' ? 'error.main' : r.level === 'warning' ? 'warning.main' : undefined }}
                            >
                                {translate(`${T}.log.levels.${r.level}`)}
                            </TableCell>
                            <TableCell>{translate(`${T}.log.actions.${r.action}`, { _: r.action })}</TableCell>
                            <TableCell>{r.acs_id ?? ''}</TableCell>
                            <TableCell>{r.message}</TableCell>
                        </TableRow>
                    ))}
                    {rows?.count === 0 && (
                        <TableRow>
                            <TableCell colSpan={5}>{translate(`${T}.log.empty`)}</TableCell>
                        </TableRow>
                    )}
                </TableBody>
            </Table>
            <TablePagination
                component="div"
                count={rows?.count ?? 0}
                page={page}
                rowsPerPage={perPage}
                rowsPerPageOptions={PAGE_SIZES}
                onPageChange={(_, p) => setPage(p)}
                onRowsPerPageChange={e => {
                    setPerPage(Number(e.target.value));
                    setPage(0);
                }}
            />
        </Stack>
    );
};

/**
 * SPEC 3 account settings "ACS integration, including a certificate in PEM
 * format" (issue 12): the connection with its test, the certificate, the
 * CHUID settings and the integration's log.
 */
export const AcsIntegrationSection = ({ accountId }: { accountId: number }) => {
    const translate = useTranslate();
    const dp = useDataProvider<Dp>();
    const session = useSession();
    const readOnly = !session || !can(session.role, 'acsIntegration', 'write');
    const [integration, setIntegration] = useState<AcsIntegrationRecord | null>();
    const [failed, setFailed] = useState(false);
    const [refresh, setRefresh] = useState(0);
    const refreshSession = useRefreshSession();
    useEffect(() => {
        dp.call<{ integration: AcsIntegrationRecord | null }>('/acs-integration', { query: { account_id: accountId }, noAccount: true })
            .then(r => setIntegration(r.integration))
            .catch(() => setFailed(true));
    }, [dp, accountId]);
    if (failed) return <Alert severity="error">{translate('layout.failure.text')}</Alert>;
    if (integration === undefined) return null;
    return (
        <Stack spacing={3} sx={{ p: 2, maxWidth: 900 }}>
            <Connection
                accountId={accountId}
                readOnly={readOnly}
                integration={integration}
                onSaved={r => {
                    setIntegration(r);
                    setRefresh(n => n + 1);
                    // acs/enabled of the current account decides the Readers screen (SPEC 6.3): the session reads it again.
                    if (session?.currentAccountId === accountId) void refreshSession();
                }}
                onTested={() => setRefresh(n => n + 1)}
            />
            <Divider />
            <Certificate accountId={accountId} readOnly={readOnly} />
            {integration && (
                <>
                    <Divider />
                    <Chuid accountId={accountId} readOnly={readOnly} />
                </>
            )}
            <Divider />
            <Log accountId={accountId} refresh={refresh} />
        </Stack>
    );
};
