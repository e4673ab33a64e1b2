import { Grid } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DashboardReply } from '../../../contract/dashboard';
import type { EventGroup } from '../../../contract/events';
import { Tile } from './DashboardPanels';

/** Where the figures lead, for the screens the user may open (undefined: the figure shows without a link). */
export interface DashboardLinks {
    accounts: boolean;
    users?: (role?: string) => string;
    devices?: (status: string) => string;
    events?: (group?: EventGroup, from?: string) => string;
    profiles?: string;
    /** the 24 hours the figures counted: before the moment they were fetched */
    dayAgo: string;
}

/** The figures of the dashboard, in two rows: accounts and users, then what the readers see and do. */
export const FigureTiles = ({ data, links }: { data: DashboardReply; links: DashboardLinks }) => {
    const translate = useTranslate();
    const { with_tfa } = data.users;
    return (
        <>
            {/* the tiles share one row, whatever their number */}
            <Grid size={12} container spacing={2}>
                {links.accounts && data.account.type === 'platform' && (
                    <Grid size={{ xs: 6, md: 'grow' }}>
                        <Tile label={translate('dashboard.dealers')} value={data.accounts.dealers} to="/accounts?type=dealer" />
                    </Grid>
                )}
                {links.accounts && data.account.type !== 'customer' && (
                    <Grid size={{ xs: 6, md: 'grow' }}>
                        <Tile label={translate('dashboard.customers')} value={data.accounts.customers} to="/accounts?type=customer" />
                    </Grid>
                )}
                <Grid size={{ xs: 6, md: 'grow' }}>
                    <Tile label={translate('dashboard.users')} value={data.users.total} to={links.users?.()} />
                </Grid>
                <Grid size={{ xs: 6, md: 'grow' }}>
                    <Tile
                        label={translate('dashboard.withTfa')}
                        value={with_tfa}
                        hint={
                            data.users.total
                                ? translate('dashboard.share', { percent: Math.round((100 * with_tfa) / data.users.total) })
                                : undefined
                        }
                    />
                </Grid>
            </Grid>
            {/* what the readers see and do */}
            <Grid size={12} container spacing={2}>
                {(['online', 'offline', 'pending'] as const).map(status => (
                    <Grid key={status} size={{ xs: 6, md: 'grow' }}>
                        <Tile
                            label={translate(`dashboard.devices.${status}`)}
                            value={data.devices.by_state[status] ?? 0}
                            to={links.devices?.(status)}
                        />
                    </Grid>
                ))}
                <Grid size={{ xs: 6, md: 'grow' }}>
                    <Tile
                        label={translate('dashboard.events24h')}
                        value={data.events.total_24h}
                        to={links.events?.(undefined, links.dayAgo)}
                    />
                </Grid>
                <Grid size={{ xs: 6, md: 'grow' }}>
                    <Tile
                        label={translate('dashboard.profiles')}
                        value={data.profiles.total}
                        hint={translate('dashboard.profilesHint', {
                            active: data.profiles.by_status.active,
                            enrollment: data.profiles.by_status.enrollment,
                            inactive: data.profiles.by_status.inactive,
                        })}
                        to={links.profiles}
                    />
                </Grid>
            </Grid>
        </>
    );
};
