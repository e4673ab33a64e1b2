import type { ReactNode } from 'react';
import { Button, Card, CardContent, CardHeader, Skeleton, Typography } from '@mui/material';
import Download from '@mui/icons-material/Download';
import { useDataProvider, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { requestIdOf, type Query } from '../../dataProvider/http';
import { useNotices } from '../../notifications/notices';
import { saveFile, stampedName } from '../../dataProvider/files';

/** The three aggregates behind the charts: by day and type, by hour, by reader and group. */
export const GROUPINGS = { dayType: 'day,type', hour: 'hour', device: 'device,group' } as const;
export type Grouping = keyof typeof GROUPINGS;

/** A chart in its card, with the download of the CSV of the counts it is drawn from. */
export const ChartPanel = ({
    title,
    csv,
    query,
    loading,
    children,
}: {
    title: string;
    csv: Grouping;
    query: Query;
    loading: boolean;
    children: ReactNode;
}) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    // the server writes the CSV of the same counts (GET /events/aggregate/export)
    const download = async () => {
        try {
            const blob = await dataProvider.download('/events/aggregate/export', { ...query, group_by: GROUPINGS[csv] });
            saveFile(blob, stampedName(`events-statistics-${GROUPINGS[csv].replace(',', '-')}`, 'csv'));
        } catch (e) {
            const status = (e as { status?: number }).status;
            notices.error({
                title: translate('statistics.downloadFailed'),
                description: status !== undefined && status >= 500 ? translate('notices.serverError') : (e as Error).message,
                requestId: requestIdOf(e),
            });
        }
    };
    return (
        <Card variant="outlined" component="section" aria-label={title} sx={{ height: '100%' }}>
            <CardHeader
                title={title}
                slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }}
                action={
                    <Button
                        size="small"
                        startIcon={<Download />}
                        onClick={() => void download()}
                        aria-label={`${translate('statistics.downloadCsv')}: ${title}`}
                    >
                        {translate('statistics.downloadCsv')}
                    </Button>
                }
            />
            <CardContent sx={{ pt: 0 }}>{loading ? <Skeleton variant="rounded" height={240} /> : children}</CardContent>
        </Card>
    );
};

/** What a chart shows for a period without events. */
export const Empty = () => {
    const translate = useTranslate();
    return (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {translate('statistics.empty')}
        </Typography>
    );
};
