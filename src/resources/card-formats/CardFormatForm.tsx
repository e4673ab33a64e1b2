import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import { useDataProvider, useTranslate } from 'react-admin';
import { customCardFormat, encodeCard, type WiegandFormat } from '../../../contract/card-formats';
import type { ConsoleDataProvider } from '../../dataProvider';
import { useNotices } from '../../notifications/notices';
import { parseCovers } from './coverText';

interface ParityRow {
    position: string;
    kind: 'even' | 'odd';
    covers: string;
}
interface Draft {
    name: string;
    bits: string;
    withFacility: boolean;
    facilityStart: string;
    facilityLength: string;
    cardStart: string;
    cardLength: string;
    parity: ParityRow[];
}

const START: Draft = {
    name: '',
    bits: '26',
    withFacility: true,
    facilityStart: '2',
    facilityLength: '8',
    cardStart: '10',
    cardLength: '16',
    parity: [
        { position: '1', kind: 'even', covers: '2-13' },
        { position: '26', kind: 'odd', covers: '14-25' },
    ],
};

const num = (text: string) => (text.trim() === '' ? NaN : Number(text));

/** The draft as a format, or the messages to show under its fields. */
export const readDraft = (draft: Draft): { format?: WiegandFormat; errors: Record<string, string> } => {
    const errors: Record<string, string> = {};
    const parity = draft.parity.map((row, i) => {
        const covers = parseCovers(row.covers);
        if (!covers) errors[`parity.${i}.covers`] = 'Use bit numbers and ranges, like 2-13, 15';
        return { position: num(row.position), kind: row.kind, covers: covers ?? [] };
    });
    const candidate = {
        name: draft.name,
        type: 'custom' as const,
        bits: num(draft.bits),
        facility: draft.withFacility ? { start: num(draft.facilityStart), length: num(draft.facilityLength) } : null,
        card: { start: num(draft.cardStart), length: num(draft.cardLength) },
        parity,
    };
    const parsed = customCardFormat.safeParse(candidate);
    if (!parsed.success) {
        for (const issue of parsed.error.issues) {
            const key = issue.path.length ? issue.path.map(String).join('.') : 'layout';
            const top = key.split('.')[0]!;
            if (top === 'facility' || top === 'card') errors[top] ??= 'Start and length must be whole numbers of bits';
            else errors[top === 'parity' ? 'layout' : key] ??= issue.message;
        }
    }
    return Object.keys(errors).length ? { errors } : { format: parsed.data as WiegandFormat, errors };
};

/** Create a custom card format (SPEC 3 Card format, 5: bit length at most 256). */
export const CardFormatForm = ({ accountId, onDone }: { accountId: number; onDone: () => void }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const [draft, setDraft] = useState<Draft>(START);
    const [tried, setTried] = useState(false);
    const { format, errors } = readDraft(draft);
    const shown = (key: string) => (tried && errors[key] ? translate(errors[key], { _: errors[key] }) : undefined);
    const set = (change: Partial<Draft>) => setDraft(d => ({ ...d, ...change }));
    const setRow = (i: number, change: Partial<ParityRow>) =>
        set({ parity: draft.parity.map((r, j) => (j === i ? { ...r, ...change } : r)) });

    const submit = async (e: FormEvent) => {
        e.preventDefault();
        setTried(true);
        if (!format) return;
        try {
            const created = await dataProvider.call<{ id: number }>('/card_formats', {
                method: 'POST',
                body: { ...format, account_id: accountId },
            });
            notices.created(created.id);
            onDone();
        } catch (err) {
            notices.createFailed('card_formats', err);
        }
    };

    const field = (key: keyof Draft, label: string, props: object = {}) => (
        <TextField
            label={translate(label)}
            value={draft[key] as string}
            onChange={e => set({ [key]: e.target.value })}
            error={
                !!shown(
                    key === 'facilityStart' || key === 'facilityLength'
                        ? 'facility'
                        : key === 'cardStart' || key === 'cardLength'
                          ? 'card'
                          : key,
                )
            }
            size="small"
            {...props}
        />
    );

    return (
        <Box component="form" onSubmit={submit} sx={{ p: 2, display: 'grid', gap: 2 }} noValidate>
            {field('name', 'resources.card_formats.fields.name', { helperText: shown('name') ?? ' ' })}
            {field('bits', 'resources.card_formats.fields.bits', { type: 'number', helperText: shown('bits') ?? ' ' })}
            <FormControlLabel
                control={<Checkbox checked={draft.withFacility} onChange={e => set({ withFacility: e.target.checked })} />}
                label={translate('resources.card_formats.withFacility')}
            />
            {draft.withFacility && (
                <Stack direction="row" spacing={2}>
                    {field('facilityStart', 'resources.card_formats.fields.facilityStart', { type: 'number' })}
                    {field('facilityLength', 'resources.card_formats.fields.facilityLength', { type: 'number' })}
                </Stack>
            )}
            <Stack direction="row" spacing={2}>
                {field('cardStart', 'resources.card_formats.fields.cardStart', { type: 'number' })}
                {field('cardLength', 'resources.card_formats.fields.cardLength', { type: 'number' })}
            </Stack>
            <Typography variant="subtitle2">{translate('resources.card_formats.parity')}</Typography>
            {draft.parity.map((row, i) => (
                <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <TextField
                        label={translate('resources.card_formats.fields.position')}
                        type="number"
                        value={row.position}
                        onChange={e => setRow(i, { position: e.target.value })}
                        size="small"
                        sx={{ width: 110 }}
                    />
                    <TextField
                        select
                        label={translate('resources.card_formats.fields.kind')}
                        value={row.kind}
                        onChange={e => setRow(i, { kind: e.target.value as 'even' | 'odd' })}
                        size="small"
                        sx={{ width: 110 }}
                    >
                        <MenuItem value="even">{translate('resources.card_formats.even')}</MenuItem>
                        <MenuItem value="odd">{translate('resources.card_formats.odd')}</MenuItem>
                    </TextField>
                    <TextField
                        label={translate('resources.card_formats.fields.covers')}
                        value={row.covers}
                        onChange={e => setRow(i, { covers: e.target.value })}
                        error={!!shown(`parity.${i}.covers`)}
                        helperText={shown(`parity.${i}.covers`) ?? ' '}
                        size="small"
                        sx={{ flex: 1 }}
                    />
                    <IconButton
                        aria-label={translate('ra.action.remove')}
                        onClick={() => set({ parity: draft.parity.filter((_, j) => j !== i) })}
                    >
                        <Delete />
                    </IconButton>
                </Stack>
            ))}
            <Box>
                <Button startIcon={<Add />} onClick={() => set({ parity: [...draft.parity, { position: '', kind: 'even', covers: '' }] })}>
                    {translate('resources.card_formats.addParity')}
                </Button>
            </Box>
            {tried && (errors.layout || errors.facility || errors.card) && (
                <Alert severity="error">
                    {translate(errors.layout ?? errors.facility ?? errors.card ?? '', {
                        _: errors.layout ?? errors.facility ?? errors.card,
                    })}
                </Alert>
            )}
            {format && (
                <Typography variant="body2" color="text.secondary" data-testid="card-format-preview">
                    {translate('resources.card_formats.preview')}:{' '}
                    <Box component="span" sx={{ fontFamily: 'monospace' }}>
                        {encodeCard(format, { facilityCode: format.facility ? 1 : 0, cardNumber: 1 })}
                    </Box>
                </Typography>
            )}
            <Button type="submit" variant="contained">
                {translate('resources.card_formats.create')}
            </Button>
        </Box>
    );
};
