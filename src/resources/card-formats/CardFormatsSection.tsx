import { Box, Button, Chip, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { ListReply } from '../../../contract/api';
import { encodeCard, type CardFormatRecord, type PredefinedCardFormatKey, type WiegandFormat } from '../../../contract/card-formats';
import type { ConsoleDataProvider } from '../../dataProvider';
import { LoadFailure } from '../../components/LoadFailure';
import { useQuickView } from '../../components/quickView';
import { useConfirmedDelete } from '../../lists/useConfirmedDelete';
import { CardFormatForm } from './CardFormatForm';
import { formatCovers } from './coverText';

const sample = (f: CardFormatRecord) => {
    try {
        const ref = f.type === 'predefined' ? (f.key as PredefinedCardFormatKey) : (f as unknown as WiegandFormat);
        return encodeCard(ref, { facilityCode: f.facility || f.key === 'fascn-200' ? 1 : 0, cardNumber: 1 });
    } catch {
        return '';
    }
};
const span = (field: { start: number; length: number } | null) => (field ? `${field.start}-${field.start + field.length - 1}` : '—');

/** The card formats section of the account page: the predefined formats and the account's own (SPEC 3, 4.8). */
export const CardFormatsSection = ({ accountId }: { accountId: number }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const { open, close } = useQuickView();
    const { data, error, refetch, isPending } = useQuery({
        queryKey: ['card_formats', accountId],
        queryFn: () =>
            dataProvider.call<ListReply<CardFormatRecord>>('/card_formats', {
                query: { account_id: accountId, per_page: 200, sort: '+name' },
            }),
    });
    const removal = useConfirmedDelete<CardFormatRecord>(
        'card_formats',
        accountId,
        translate('resources.card_formats.deleteWarning'),
        () => void refetch(),
    );
    return (
        <Box sx={{ p: 2 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
                <Typography color="text.secondary" sx={{ flex: 1 }}>
                    {translate('resources.card_formats.intro')}
                </Typography>
                <Button
                    startIcon={<Add />}
                    onClick={() =>
                        open(
                            translate('resources.card_formats.create'),
                            <CardFormatForm
                                accountId={accountId}
                                onDone={() => {
                                    close();
                                    void refetch();
                                }}
                            />,
                        )
                    }
                >
                    {translate('resources.card_formats.create')}
                </Button>
            </Box>
            {isPending && <LinearProgress />}
            {error && <LoadFailure onRefresh={() => void refetch()} />}
            {data && (
                <Table size="small" aria-label={translate('resources.card_formats.name', { smart_count: 2 })}>
                    <TableHead>
                        <TableRow>
                            {['name', 'type', 'bits', 'facility', 'card', 'parity', 'sample'].map(c => (
                                <TableCell key={c}>{translate(`resources.card_formats.fields.${c}`)}</TableCell>
                            ))}
                            <TableCell />
                        </TableRow>
                    </TableHead>
                    <TableBody>
                        {data.result.map(f => (
                            <TableRow key={f.id} hover>
                                <TableCell>{f.name}</TableCell>
                                <TableCell>
                                    <Chip
                                        size="small"
                                        variant={f.type === 'custom' ? 'filled' : 'outlined'}
                                        label={translate(`resources.card_formats.types.${f.type}`)}
                                    />
                                </TableCell>
                                <TableCell>{f.bits}</TableCell>
                                <TableCell>{span(f.facility)}</TableCell>
                                <TableCell>{span(f.card)}</TableCell>
                                <TableCell>
                                    {f.parity
                                        .map(
                                            p =>
                                                `${p.position} ${translate(`resources.card_formats.${p.kind}`)} (${formatCovers(p.covers)})`,
                                        )
                                        .join('; ') || '—'}
                                </TableCell>
                                <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all', maxWidth: 260 }}>
                                    {sample(f)}
                                </TableCell>
                                <TableCell>{f.type === 'custom' && removal.button(f)}</TableCell>
                            </TableRow>
                        ))}
                    </TableBody>
                </Table>
            )}
            {removal.dialog}
        </Box>
    );
};
