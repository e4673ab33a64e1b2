import type { ReactNode } from 'react';
import {
    Alert,
    AlertTitle,
    Box,
    Card,
    CardContent,
    Chip,
    LinearProgress,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableContainer,
    TableHead,
    TableRow,
    Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import type { MigrationsReport } from '../../../contract/system';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/format';
import { portalVersion } from '../../layout/format';
import { LoadFailure } from '../../components/LoadFailure';

const STATE_COLOR = { applied: 'success', done: 'success', pending: 'warning' } as const;

const State = ({ state }: { state: keyof typeof STATE_COLOR }) => {
    const translate = useTranslate();
    return <Chip size="small" variant="outlined" color={STATE_COLOR[state]} label={translate(`migrations.states.${state}`)} />;
};

const Panel = ({ title, intro, children }: { title: string; intro: string; children: ReactNode }) => (
    <Card variant="outlined" component="section" aria-label={title}>
        <CardContent sx={{ pb: 1 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
                {intro}
            </Typography>
        </CardContent>
        <TableContainer>{children}</TableContainer>
    </Card>
);

const SchemaTable = ({ report }: { report: MigrationsReport }) => {
    const translate = useTranslate();
    const t = (key: string) => translate(`migrations.schema.${key}`);
    return (
        <Table size="small" aria-label={t('title')}>
            <TableHead>
                <TableRow>
                    <TableCell align="right">{t('index')}</TableCell>
                    <TableCell>{t('tag')}</TableCell>
                    <TableCell>{t('written')}</TableCell>
                    <TableCell>{t('applied')}</TableCell>
                    <TableCell>{t('version')}</TableCell>
                    <TableCell>{t('state')}</TableCell>
                </TableRow>
            </TableHead>
            <TableBody>
                {report.schema.map(m => (
                    <TableRow key={m.tag}>
                        <TableCell align="right">{m.index}</TableCell>
                        <TableCell sx={{ fontFamily: 'monospace' }}>{m.tag}</TableCell>
                        <TableCell>{formatDate(m.created_at)}</TableCell>
                        <TableCell>
                            {m.applied_at ? formatDate(m.applied_at) : m.state === 'applied' ? translate('migrations.notRecorded') : '-'}
                        </TableCell>
                        <TableCell>{m.applied_by_version ? portalVersion(m.applied_by_version) : '-'}</TableCell>
                        <TableCell>
                            <State state={m.state} />
                        </TableCell>
                    </TableRow>
                ))}
            </TableBody>
        </Table>
    );
};

const DataTable = ({ report }: { report: MigrationsReport }) => {
    const translate = useTranslate();
    const t = (key: string) => translate(`migrations.data.${key}`);
    return (
        <Table size="small" aria-label={t('title')}>
            <TableHead>
                <TableRow>
                    <TableCell>{t('description')}</TableCell>
                    <TableCell>{t('state')}</TableCell>
                    <TableCell>{t('detail')}</TableCell>
                </TableRow>
            </TableHead>
            <TableBody>
                {report.data.map(m => (
                    <TableRow key={m.key}>
                        {/* the server's description, in the user's language when the console knows this migration */}
                        <TableCell>{translate(`migrations.data.descriptions.${m.key}`, { _: m.description })}</TableCell>
                        <TableCell>
                            <State state={m.state} />
                        </TableCell>
                        <TableCell>{m.detail}</TableCell>
                    </TableRow>
                ))}
            </TableBody>
        </Table>
    );
};

/**
 * /migrations (SPEC 2.2 "Manage System Migrations"; 6.2 admin and moderator;
 * 6.3 not the admin of a cloud installation): GET /migrations, read only.
 * A server applies its migrations when it starts; this screen shows where
 * the database stands, and warns when a newer server has run migrations
 * this one does not know.
 */
export const MigrationsPage = () => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const query = useQuery({
        queryKey: ['migrations'],
        queryFn: ({ signal }) => dataProvider.call<MigrationsReport>('/migrations', { signal, noAccount: true }),
    });
    const report = query.data;
    const applied = report?.schema.filter(m => m.state === 'applied').length ?? 0;
    const pending = (report?.schema.length ?? 0) - applied;
    return (
        <Box sx={{ py: 2, maxWidth: 1100 }}>
            <Title title={translate('migrations.title')} />
            <Typography variant="h5" component="h1">
                {translate('migrations.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
                {translate('migrations.intro')}
            </Typography>
            {query.error ? (
                <LoadFailure onRefresh={() => void query.refetch()} />
            ) : !report ? (
                <LinearProgress />
            ) : (
                <Stack spacing={2}>
                    {report.database_ahead > 0 && (
                        <Alert severity="warning">
                            <AlertTitle>{translate('migrations.ahead.title', { smart_count: report.database_ahead })}</AlertTitle>
                            {translate('migrations.ahead.text')}
                        </Alert>
                    )}
                    <Panel
                        title={translate('migrations.schema.title')}
                        intro={[
                            translate('migrations.schema.applied_count', { smart_count: applied }),
                            ...(pending ? [translate('migrations.schema.pending_count', { smart_count: pending })] : []),
                        ].join(' · ')}
                    >
                        <SchemaTable report={report} />
                    </Panel>
                    <Panel title={translate('migrations.data.title')} intro={translate('migrations.data.intro')}>
                        <DataTable report={report} />
                    </Panel>
                </Stack>
            )}
        </Box>
    );
};
