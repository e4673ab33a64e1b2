import { useMemo, useState, type FormEvent } from 'react';
import {
    Alert,
    Box,
    Button,
    Checkbox,
    FormControlLabel,
    IconButton,
    LinearProgress,
    MenuItem,
    Radio,
    RadioGroup,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    TextField,
    Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { ListReply } from '../../../contract/api';
import { PICKER_DEBOUNCE_MS, PICKER_PAGE_SIZE } from '../../../contract/constants';
import {
    deploymentInput,
    MAX_PHASES,
    phaseSizes,
    type ArtifactRecord,
    type DeploymentCandidate,
    type DeploymentRecord,
} from '../../../contract/firmware';
import { fieldErrors } from '../../../contract/validation';
import type { ConsoleDataProvider } from '../../dataProvider';
import { useNotices } from '../../notifications/notices';
import { useContractText } from './texts';
import { useDebounced } from '../../lists/useDebounced';

interface PhaseDraft {
    share: string;
    /** datetime-local value, '' for at once */
    start: string;
}
interface Filter {
    q: string;
    status: '' | 'online' | 'offline';
    board_type: string;
    release: string;
}

const definedOnly = (f: Filter) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== '')) as Partial<Filter>;

/**
 * Schedule an Update, the Deployment form of the quick-view drawer (SPEC
 * 2.2 /firmware-updates/new, 2.6, 5): a name, a firmware, readers chosen one
 * by one (only compatible ones are offered) or by filter, phases (each a
 * share of the readers and a start time, the last taking the rest) and
 * retries.
 */
export const DeploymentForm = ({ onDone }: { onDone: (deployment: DeploymentRecord) => void }) => {
    const translate = useTranslate();
    const text = useContractText();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const [name, setName] = useState('');
    const [artifactId, setArtifactId] = useState<number | ''>('');
    const [mode, setMode] = useState<'pick' | 'filter'>('pick');
    const [selected, setSelected] = useState<Set<number>>(new Set());
    const [search, setSearch] = useState('');
    const [filter, setFilter] = useState<Filter>({ q: '', status: '', board_type: '', release: '' });
    const [phases, setPhases] = useState<PhaseDraft[]>([{ share: '', start: '' }]);
    const [retries, setRetries] = useState('0');
    const [tried, setTried] = useState(false);
    const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
    const [refusal, setRefusal] = useState<string>();
    const [sending, setSending] = useState(false);

    const artifacts = useQuery({
        queryKey: ['artifacts', 'picker'],
        queryFn: () =>
            dataProvider.call<ListReply<ArtifactRecord>>('/artifacts', { query: { per_page: PICKER_PAGE_SIZE, sort: '-updated_at' } }),
    });
    const artifact = artifacts.data?.result.find(a => a.id === artifactId);
    const searched = useDebounced(search, PICKER_DEBOUNCE_MS);
    const filtered = useDebounced(filter, PICKER_DEBOUNCE_MS);
    const candidates = useQuery({
        queryKey: ['deployments/candidates', artifactId, searched],
        enabled: artifactId !== '' && mode === 'pick',
        queryFn: () =>
            dataProvider.call<ListReply<DeploymentCandidate>>('/deployments/candidates', {
                query: { artifact_id: artifactId, q: searched || undefined, per_page: PICKER_PAGE_SIZE, sort: '+description' },
            }),
    });
    const matching = useQuery({
        queryKey: ['deployments/candidates', artifactId, 'count', filtered],
        enabled: artifactId !== '' && mode === 'filter',
        queryFn: () =>
            dataProvider.call<ListReply<DeploymentCandidate>>('/deployments/candidates', {
                query: { artifact_id: artifactId, ...definedOnly(filtered), per_page: 1 },
            }),
    });
    const total = mode === 'pick' ? selected.size : (matching.data?.count ?? 0);
    const plan = phaseSizes(
        total,
        phases.map(p => (p.share === '' ? null : Number(p.share))),
    );

    const body = useMemo(
        () => ({
            name,
            artifact_id: artifactId === '' ? undefined : artifactId,
            ...(mode === 'pick' ? { device_ids: [...selected] } : { filter: definedOnly(filter) }),
            phases: phases.map((p, i) => ({
                ...(i < phases.length - 1 ? { share: p.share === '' ? null : Number(p.share) } : {}),
                ...(p.start ? { start_at: new Date(p.start).toISOString() } : {}),
            })),
            retries: retries === '' ? 0 : Number(retries),
        }),
        [name, artifactId, mode, selected, filter, phases, retries],
    );
    const parsed = deploymentInput.safeParse(body);
    const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error.issues)), ...serverErrors };
    const shown = (key: string) => (tried && errors[key] ? text(errors[key]) : undefined);

    const toggle = (id: number) => {
        setSelected(s => {
            const next = new Set(s);
            if (next.has(id)) next.delete(id);
            else next.add(id);
            return next;
        });
        setServerErrors({});
    };
    const setPhase = (i: number, change: Partial<PhaseDraft>) => setPhases(ps => ps.map((p, j) => (j === i ? { ...p, ...change } : p)));

    const submit = async (e: FormEvent) => {
        e.preventDefault();
        setTried(true);
        setRefusal(undefined);
        if (!parsed.success) return;
        setSending(true);
        try {
            const created = await dataProvider.call<DeploymentRecord>('/deployments', { method: 'POST', body: parsed.data });
            notices.created(created.id);
            onDone(created);
        } catch (error) {
            const reply = (error as { body?: { error?: string; fields?: Record<string, string> } }).body;
            if (reply?.fields) setServerErrors(reply.fields);
            else if (reply?.error) setRefusal(text(reply.error));
            notices.createFailed('deployments', error);
        } finally {
            setSending(false);
        }
    };

    return (
        <Box component="form" onSubmit={submit} noValidate sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
            <Typography variant="body2" color="text.secondary">
                {translate('resources.deployments.form.intro')}
            </Typography>
            <TextField
                label={translate('resources.deployments.fields.name')}
                value={name}
                onChange={e => setName(e.target.value)}
                error={!!shown('name')}
                helperText={shown('name') ?? ' '}
                size="small"
                required
            />
            <TextField
                select
                label={translate('resources.deployments.fields.artifact_id')}
                value={artifactId}
                onChange={e => {
                    setArtifactId(Number(e.target.value));
                    setSelected(new Set());
                    setServerErrors({});
                }}
                error={!!shown('artifact_id')}
                helperText={
                    shown('artifact_id') ??
                    (artifact
                        ? translate('resources.deployments.form.compatible', { types: artifact.compatibility.join(', ') })
                        : artifacts.data?.count === 0
                          ? translate('resources.deployments.form.noFirmware')
                          : ' ')
                }
                size="small"
                required
            >
                {(artifacts.data?.result ?? []).map(a => (
                    <MenuItem key={a.id} value={a.id}>
                        {a.name} — {a.compatibility.join(', ')}
                    </MenuItem>
                ))}
            </TextField>
            {artifact?.verification === 'unverified' && (
                <Alert severity="warning">{translate('resources.deployments.form.unverified')}</Alert>
            )}

            <Box>
                <Typography variant="subtitle2">{translate('resources.deployments.form.devices')}</Typography>
                <RadioGroup row value={mode} onChange={e => setMode(e.target.value as 'pick' | 'filter')}>
                    <FormControlLabel value="pick" control={<Radio size="small" />} label={translate('resources.deployments.form.pick')} />
                    <FormControlLabel
                        value="filter"
                        control={<Radio size="small" />}
                        label={translate('resources.deployments.form.byFilter')}
                    />
                </RadioGroup>
                {artifactId === '' ? (
                    <Typography variant="body2" color="text.secondary">
                        {translate('resources.deployments.form.chooseFirmwareFirst')}
                    </Typography>
                ) : mode === 'pick' ? (
                    <Box>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                            <TextField
                                label={translate('resources.deployments.form.search')}
                                value={search}
                                onChange={e => setSearch(e.target.value)}
                                size="small"
                                sx={{ flex: 1 }}
                            />
                            <Button
                                size="small"
                                onClick={() => setSelected(s => new Set([...s, ...(candidates.data?.result ?? []).map(d => d.id)]))}
                            >
                                {translate('resources.deployments.form.selectShown')}
                            </Button>
                            <Button size="small" onClick={() => setSelected(new Set())}>
                                {translate('resources.deployments.form.clear')}
                            </Button>
                        </Stack>
                        {candidates.isFetching && <LinearProgress />}
                        <Box sx={{ maxHeight: 280, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
                            <Table size="small" stickyHeader aria-label={translate('resources.deployments.form.devices')}>
                                <TableHead>
                                    <TableRow>
                                        <TableCell padding="checkbox" />
                                        <TableCell>{translate('resources.deployments.fields.description')}</TableCell>
                                        <TableCell>{translate('resources.deployments.fields.hardware_id')}</TableCell>
                                        <TableCell>{translate('resources.deployments.fields.board_type')}</TableCell>
                                        <TableCell>{translate('resources.deployments.fields.release')}</TableCell>
                                    </TableRow>
                                </TableHead>
                                <TableBody>
                                    {(candidates.data?.result ?? []).map(d => (
                                        <TableRow key={d.id} hover onClick={() => toggle(d.id)} sx={{ cursor: 'pointer' }}>
                                            <TableCell padding="checkbox">
                                                <Checkbox
                                                    size="small"
                                                    checked={selected.has(d.id)}
                                                    slotProps={{ input: { 'aria-label': d.description || d.hardware_id } }}
                                                />
                                            </TableCell>
                                            <TableCell>{d.description}</TableCell>
                                            <TableCell>{d.hardware_id}</TableCell>
                                            <TableCell>{d.board_type}</TableCell>
                                            <TableCell>{d.release}</TableCell>
                                        </TableRow>
                                    ))}
                                </TableBody>
                            </Table>
                        </Box>
                        <Typography
                            variant="caption"
                            color={shown('device_ids') ? 'error' : 'text.secondary'}
                            role={shown('device_ids') ? 'alert' : undefined}
                        >
                            {shown('device_ids') ?? translate('resources.deployments.form.selected', { smart_count: selected.size })}
                        </Typography>
                    </Box>
                ) : (
                    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr' }}>
                        <TextField
                            label={translate('resources.deployments.fields.q')}
                            value={filter.q}
                            onChange={e => setFilter(f => ({ ...f, q: e.target.value }))}
                            size="small"
                        />
                        <TextField
                            select
                            label={translate('resources.deployments.fields.status')}
                            value={filter.status}
                            onChange={e => setFilter(f => ({ ...f, status: e.target.value as Filter['status'] }))}
                            size="small"
                        >
                            <MenuItem value="">{translate('resources.deployments.form.anyStatus')}</MenuItem>
                            <MenuItem value="online">{translate('resources.deployments.form.online')}</MenuItem>
                            <MenuItem value="offline">{translate('resources.deployments.form.offline')}</MenuItem>
                        </TextField>
                        <TextField
                            label={translate('resources.deployments.fields.board_type')}
                            value={filter.board_type}
                            onChange={e => setFilter(f => ({ ...f, board_type: e.target.value }))}
                            size="small"
                        />
                        <TextField
                            label={translate('resources.deployments.fields.release')}
                            value={filter.release}
                            onChange={e => setFilter(f => ({ ...f, release: e.target.value }))}
                            size="small"
                        />
                        <Typography variant="caption" color={shown('filter') ? 'error' : 'text.secondary'} sx={{ gridColumn: '1 / -1' }}>
                            {shown('filter') ??
                                translate('resources.deployments.form.matching', { smart_count: matching.data?.count ?? 0 })}
                        </Typography>
                    </Box>
                )}
            </Box>

            <Box>
                <Typography variant="subtitle2" sx={{ mb: 1 }}>
                    {translate('resources.deployments.form.phases')}
                </Typography>
                {phases.map((phase, i) => {
                    const last = i === phases.length - 1;
                    return (
                        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1 }}>
                            <Typography sx={{ width: 72, pt: 1, flexShrink: 0, whiteSpace: 'nowrap' }}>
                                {translate('resources.deployments.form.phase', { number: i + 1 })}
                            </Typography>
                            {last ? (
                                <TextField
                                    label={translate('resources.deployments.form.share')}
                                    value={translate(
                                        phases.length === 1 ? 'resources.deployments.form.all' : 'resources.deployments.form.rest',
                                    )}
                                    size="small"
                                    disabled
                                    sx={{ width: 130 }}
                                />
                            ) : (
                                <TextField
                                    label={translate('resources.deployments.form.share')}
                                    type="number"
                                    value={phase.share}
                                    onChange={e => setPhase(i, { share: e.target.value })}
                                    error={!!shown(`phases.${i}.share`)}
                                    helperText={shown(`phases.${i}.share`)}
                                    size="small"
                                    sx={{ width: 130 }}
                                    slotProps={{ htmlInput: { min: 1, max: 99 } }}
                                />
                            )}
                            <TextField
                                label={translate('resources.deployments.form.startAt')}
                                type="datetime-local"
                                value={phase.start}
                                onChange={e => setPhase(i, { start: e.target.value })}
                                error={!!shown(`phases.${i}.start_at`)}
                                helperText={shown(`phases.${i}.start_at`) ?? translate('resources.deployments.form.immediately')}
                                size="small"
                                sx={{ flex: 1 }}
                                slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
                            />
                            <Typography variant="body2" sx={{ width: 80, pt: 1, flexShrink: 0 }} data-testid={`phase-${i + 1}-plan`}>
                                {translate('resources.deployments.form.plan', { smart_count: plan[i] ?? 0 })}
                            </Typography>
                            <IconButton
                                aria-label={translate('resources.deployments.form.removePhase')}
                                disabled={phases.length === 1}
                                onClick={() => setPhases(ps => ps.filter((_, j) => j !== i))}
                            >
                                <Delete />
                            </IconButton>
                        </Stack>
                    );
                })}
                {shown('phases') && (
                    <Typography variant="caption" color="error" role="alert">
                        {shown('phases')}
                    </Typography>
                )}
                <Box>
                    <Button
                        startIcon={<Add />}
                        disabled={phases.length >= MAX_PHASES}
                        onClick={() =>
                            setPhases(ps => [
                                ...ps.slice(0, -1),
                                { ...ps[ps.length - 1]!, share: ps.length === 1 ? '50' : '' },
                                { share: '', start: '' },
                            ])
                        }
                    >
                        {translate('resources.deployments.form.addPhase')}
                    </Button>
                </Box>
            </Box>

            <TextField
                label={translate('resources.deployments.fields.retries')}
                type="number"
                value={retries}
                onChange={e => setRetries(e.target.value)}
                error={!!shown('retries')}
                helperText={shown('retries') ?? translate('resources.deployments.form.retriesHelp')}
                size="small"
                sx={{ width: 200 }}
                slotProps={{ htmlInput: { min: 0, max: 10 } }}
            />
            {refusal && <Alert severity="error">{refusal}</Alert>}
            <Box>
                <Button type="submit" variant="contained" disabled={sending}>
                    {translate('resources.deployments.form.submit')}
                </Button>
            </Box>
        </Box>
    );
};
