import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, FormControlLabel, MenuItem, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCreate, useDataProvider, useGetList, useTranslate } from 'react-admin';
import { PICKER_PAGE_SIZE } from '../../../contract/constants';
import {
    DEPLOYMENT_NAME_MAX,
    deploymentInput,
    phaseSizes,
    type ArtifactRecord,
    type DeploymentCandidateCount,
    type DeploymentInput,
    type DeploymentRecord,
} from '../../../contract/firmware';
import type { ConsoleDataProvider } from '../../dataProvider';
import { fieldErrors } from '../../../contract/validation';
import { useDebounced } from '../../lists/useDebounced';
import { useNotices } from '../../notifications/notices';
import { definedOnly, EMPTY_FILTER, toBody, type DeploymentDraft } from './deploymentDraft';
import { DeploymentPhases } from './DeploymentPhases';
import { CANDIDATES, ReaderFilterFields, ReaderPicker } from './DeploymentReaders';
import { useContractText } from './texts';

const D = 'resources.deployments';

const START: DeploymentDraft = {
    name: '',
    artifactId: '',
    mode: 'pick',
    selected: new Set(),
    filter: EMPTY_FILTER,
    phases: [{ share: '', start: '' }],
    retries: '0',
};

/**
 * The firmware to deploy: the newest first, with the device types each fits, offered only when some reader of the
 * account can take it (GET /deployments/candidates/counts), and how many can.
 */
const ArtifactField = ({ value, onChange, error }: { value: number | ''; onChange: (id: number) => void; error?: string }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const { data, total } = useGetList<ArtifactRecord>('artifacts', {
        pagination: { page: 1, perPage: PICKER_PAGE_SIZE },
        sort: { field: 'updated_at', order: 'DESC' },
    });
    const { data: counts } = useQuery({
        queryKey: ['deployments', 'candidates', 'counts'],
        queryFn: ({ signal }) => dataProvider.call<{ result: DeploymentCandidateCount[] }>('/deployments/candidates/counts', { signal }),
    });
    const readers = new Map(counts?.result.map(c => [c.artifact_id, c.readers]));
    const offered = counts ? (data ?? []).filter(a => (readers.get(a.id) ?? 0) > 0) : [];
    const artifact = offered.find(a => a.id === value);
    const help = artifact
        ? translate(`${D}.form.compatible`, { types: artifact.compatibility.join(', ') })
        : total === 0
          ? translate(`${D}.form.noFirmware`)
          : counts && data && offered.length === 0
            ? translate(`${D}.form.noReaderFits`)
            : ' ';
    return (
        <>
            <TextField
                select
                label={translate(`${D}.fields.artifact_id`)}
                value={artifact ? value : ''}
                onChange={e => onChange(Number(e.target.value))}
                error={!!error}
                helperText={error ?? help}
                size="small"
                required
            >
                {offered.map(a => (
                    <MenuItem key={a.id} value={a.id}>
                        {a.name} — {a.compatibility.join(', ')} ·{' '}
                        {translate(`${D}.form.readersFit`, { smart_count: readers.get(a.id) ?? 0 })}
                    </MenuItem>
                ))}
            </TextField>
            {artifact?.verification === 'unverified' && <Alert severity="warning">{translate(`${D}.form.unverified`)}</Alert>}
        </>
    );
};

/** How many readers the filter matches now (a page of one: its count). */
const useMatching = (draft: DeploymentDraft) => {
    const filtered = useDebounced(draft.filter);
    const { total } = useGetList(
        CANDIDATES,
        {
            pagination: { page: 1, perPage: 1 },
            sort: { field: 'description', order: 'ASC' },
            filter: { artifact_id: draft.artifactId, ...definedOnly(filtered) },
        },
        { enabled: draft.artifactId !== '' && draft.mode === 'filter' },
    );
    return total ?? 0;
};

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
    const notices = useNotices();
    const [create, { isPending: sending }] = useCreate<DeploymentInput, unknown, DeploymentRecord>();
    const [draft, setDraft] = useState<DeploymentDraft>(START);
    const [tried, setTried] = useState(false);
    const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
    const [refusal, setRefusal] = useState<string>();
    const set = (change: Partial<DeploymentDraft>) => setDraft(d => ({ ...d, ...change }));
    const choose = (selected: Set<number>) => {
        set({ selected });
        setServerErrors({});
    };
    const matching = useMatching(draft);
    const total = draft.mode === 'pick' ? draft.selected.size : matching;
    const plan = phaseSizes(
        total,
        draft.phases.map(p => (p.share === '' ? null : Number(p.share))),
    );
    const parsed = deploymentInput.safeParse(toBody(draft));
    const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error.issues)), ...serverErrors };
    const shown = (key: string) => (tried && errors[key] ? text(errors[key]) : undefined);

    const submit = (e: FormEvent) => {
        e.preventDefault();
        setTried(true);
        setRefusal(undefined);
        if (!parsed.success) return;
        create(
            'deployments',
            { data: parsed.data },
            {
                onSuccess: created => {
                    notices.created(created.id);
                    onDone(created);
                },
                onError: error => {
                    const reply = (error as { body?: { error?: string; fields?: Record<string, string> } }).body;
                    if (reply?.fields) setServerErrors(reply.fields);
                    else if (reply?.error) setRefusal(text(reply.error));
                    notices.createFailed('deployments', error);
                },
            },
        );
    };

    return (
        <Box component="form" onSubmit={submit} noValidate sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
            <Typography variant="body2" color="text.secondary">
                {translate(`${D}.form.intro`)}
            </Typography>
            <TextField
                label={translate(`${D}.fields.name`)}
                value={draft.name}
                onChange={e => set({ name: e.target.value })}
                error={!!shown('name')}
                helperText={shown('name') ?? translate(`${D}.form.nameRules`, { max: DEPLOYMENT_NAME_MAX })}
                size="small"
                required
            />
            <ArtifactField
                value={draft.artifactId}
                onChange={artifactId => {
                    set({ artifactId, selected: new Set() });
                    setServerErrors({});
                }}
                error={shown('artifact_id')}
            />
            <Box>
                <Typography variant="subtitle2">{translate(`${D}.form.devices`)}</Typography>
                <RadioGroup row value={draft.mode} onChange={e => set({ mode: e.target.value as DeploymentDraft['mode'] })}>
                    <FormControlLabel value="pick" control={<Radio size="small" />} label={translate(`${D}.form.pick`)} />
                    <FormControlLabel value="filter" control={<Radio size="small" />} label={translate(`${D}.form.byFilter`)} />
                </RadioGroup>
                {draft.artifactId === '' ? (
                    <Typography variant="body2" color="text.secondary">
                        {translate(`${D}.form.chooseFirmwareFirst`)}
                    </Typography>
                ) : draft.mode === 'pick' ? (
                    <ReaderPicker
                        artifactId={draft.artifactId}
                        selected={draft.selected}
                        onToggle={id => {
                            const next = new Set(draft.selected);
                            if (next.has(id)) next.delete(id);
                            else next.add(id);
                            choose(next);
                        }}
                        onSelect={ids => set({ selected: new Set([...draft.selected, ...ids]) })}
                        onClear={() => set({ selected: new Set() })}
                        error={shown('device_ids')}
                    />
                ) : (
                    <ReaderFilterFields
                        filter={draft.filter}
                        onChange={filter => set({ filter })}
                        matching={matching}
                        error={shown('filter')}
                    />
                )}
            </Box>
            <DeploymentPhases phases={draft.phases} onChange={phases => set({ phases })} plan={plan} shown={shown} />
            <TextField
                label={translate(`${D}.fields.retries`)}
                type="number"
                value={draft.retries}
                onChange={e => set({ retries: e.target.value })}
                error={!!shown('retries')}
                helperText={shown('retries') ?? translate(`${D}.form.retriesHelp`)}
                size="small"
                sx={{ width: 200 }}
                slotProps={{ htmlInput: { min: 0, max: 10 } }}
            />
            {refusal && <Alert severity="error">{refusal}</Alert>}
            <Box>
                <Button type="submit" variant="contained" disabled={sending}>
                    {translate(`${D}.form.submit`)}
                </Button>
            </Box>
        </Box>
    );
};
