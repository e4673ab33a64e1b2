import { Alert, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../../../dataProvider';
import { ALL_ACCOUNTS, scopeQuery } from '../../../lists/accountScope';

interface StateCounts {
    result: { status: string; count: number }[];
}

/**
 * Readers waiting for approval are easy to find: the count over the accounts
 * the user works in (every account in reach for roles that reach below their
 * own), and a button that shows them.
 */
export const PendingBanner = ({ reachesAccounts }: { reachesAccounts: boolean }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const { filterValues, setFilters } = useListContext();
    const scope = reachesAccounts ? ALL_ACCOUNTS : undefined;
    const { data } = useQuery({
        queryKey: ['devices', 'aggregate', 'state', scope ?? ''],
        queryFn: ({ signal }) => dataProvider.call<StateCounts>('/devices/aggregate/state', { query: scopeQuery(scope), signal }),
        refetchInterval: 15_000,
    });
    const pending = data?.result.find(r => r.status === 'pending')?.count ?? 0;
    if (!pending) return null;
    const shown = filterValues.status === 'pending' && (!reachesAccounts || filterValues.account_id === ALL_ACCOUNTS);
    return (
        <Alert
            severity="warning"
            sx={{ mb: 1 }}
            action={
                !shown && (
                    <Button
                        color="inherit"
                        size="small"
                        onClick={() =>
                            setFilters({ status: 'pending', ...(reachesAccounts ? { account_id: ALL_ACCOUNTS } : {}) }, undefined, false)
                        }
                    >
                        {translate('resources.devices.pending.show')}
                    </Button>
                )
            }
        >
            {translate(reachesAccounts ? 'resources.devices.pending.inReach' : 'resources.devices.pending.here', { smart_count: pending })}
        </Alert>
    );
};
