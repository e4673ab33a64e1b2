import { Box, Chip, Stack, Typography } from '@mui/material';
import {
    AutocompleteInput,
    DatagridConfigurable,
    FilterButton,
    FunctionField,
    NumberInput,
    Pagination,
    ReferenceInput,
    SelectInput,
    TopToolbar,
    useListContext,
    useTranslate,
} from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import type { Session } from '../../session/session';
import { PICKER_DEBOUNCE_MS, PICKER_PAGE_SIZE } from '../../../contract/constants';
import {
    EVENT_GROUP_TYPES,
    EVENT_TYPES,
    EVENTS_EXACT_COUNT_LIMIT,
    visibleEventGroups,
    type EventGroup,
    type EventRecord,
} from '../../../contract/events';
import { formatDate } from '../../i18n/format';
import { useQuickView } from '../../components/quickView';
import { ALL_ACCOUNTS, accountColumn, accountScopeFilter, scopeQuery, useAccountScope, type AccountScope } from '../../lists/accountScope';
import { AppList } from '../../lists/AppList';
import { ColumnsButton, columnsKey } from '../../lists/columns';
import { hideBelow } from '../../lists/hideBelow';
import { PAGE_SIZES } from '../../lists/listQuery';
import { useSession } from '../../session/useSession';
import { DeviceLink, EventDetails, ProfileLink } from './EventDetails';
import { DateRangeFilter, GroupTabs, useFilterUpdate } from './EventToolbar';
import { EventThumbnail } from './EventImage';
import { EventExportButton } from './ExportButton';
import { LiveControl, useLiveList } from './LiveControl';
import { useFormatNumber } from '../../i18n/useFormatNumber';
import { useSpoofingEnabled } from './useSpoofingEnabled';

const typeChoices = (group: EventGroup | undefined) =>
    (group && group !== 'all' ? EVENT_GROUP_TYPES[group] : EVENT_TYPES).map(type => ({ id: type, name: `resources.events.types.${type}` }));

const deviceName = (d: { id: number; description?: string | null }) => d.description || `#${d.id}`;

/** Device (a picker of SPEC 7.1, in the list's accounts), event type within the chosen group, profile ID, badge number; the account for the roles that have the filter. */
const eventFilters = (group: EventGroup | undefined, scope: AccountScope) => [
    ...accountScopeFilter(scope),
    <ReferenceInput
        key="device_id"
        source="device_id"
        reference="devices"
        perPage={PICKER_PAGE_SIZE}
        sort={{ field: 'description', order: 'ASC' }}
        filter={scopeQuery(scope.accountId)}
        alwaysOn
    >
        <AutocompleteInput
            optionText={deviceName}
            filterToQuery={q => ({ q })}
            debounce={PICKER_DEBOUNCE_MS}
            label="resources.events.fields.device_id"
            sx={{ minWidth: 220 }}
        />
    </ReferenceInput>,
    <SelectInput key="event" source="event" choices={typeChoices(group)} />,
    <NumberInput key="profile_id" source="profile_id" min={1} />,
    <NumberInput key="badge_number" source="badge_number" min={0} />,
];

/**
 * DESIGN Lists at scale: above the exact-count limit the server estimates. The pager says 'more than N' only of
 * what was counted (the limit) and gives the planner's figure as 'about', since an estimate may be off either way.
 */
const EventPagination = () => {
    const translate = useTranslate();
    const formatNumber = useFormatNumber();
    const { meta } = useListContext();
    const estimate = (meta as { count_is_estimate?: boolean } | undefined)?.count_is_estimate === true;
    return (
        <Pagination
            rowsPerPageOptions={PAGE_SIZES}
            {...(estimate
                ? {
                      labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
                          translate('resources.events.count.estimate', {
                              from,
                              to,
                              bound: formatNumber(EVENTS_EXACT_COUNT_LIMIT),
                              count: formatNumber(count),
                          }),
                  }
                : {})}
        />
    );
};

const EventType = ({ event }: { event: EventRecord }) => {
    const translate = useTranslate();
    return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2">{translate(`resources.events.types.${event.event}`, { _: event.event })}</Typography>
            {event.incident && <Chip size="small" color="error" label={translate('resources.events.incident')} />}
        </Stack>
    );
};

/** Each profile by its ACS ID (its number when it has none), with its badge named as one: 'EMP-0042 · badge 12345'. */
const Profiles = ({ event }: { event: EventRecord }) => {
    const translate = useTranslate();
    return event.profiles.length ? (
        <Stack spacing={0.25}>
            {event.profiles.map((p, i) => (
                <Typography key={i} variant="body2" component="span">
                    <ProfileLink profile={p} />
                    {p.badge_number !== null && (
                        <Typography component="span" variant="caption" color="text.secondary">
                            {` · ${translate('resources.events.badgeNumber', { number: p.badge_number })}`}
                        </Typography>
                    )}
                </Typography>
            ))}
        </Stack>
    ) : (
        <>-</>
    );
};

const freshRow = {
    '@keyframes liveEvent': { from: { backgroundColor: 'rgba(255, 193, 7, 0.35)' }, to: { backgroundColor: 'transparent' } },
    animation: 'liveEvent 4s ease-out',
};

/** Inside the list: the group tabs, the period and live controls, the rows. */
const EventListBody = ({ groups, spansAccounts }: { groups: EventGroup[]; spansAccounts: boolean }) => {
    const translate = useTranslate();
    const { open } = useQuickView();
    const live = useLiveList();
    const update = useFilterUpdate();
    return (
        <Box>
            <GroupTabs groups={groups} update={update} />
            <Stack
                direction="row"
                sx={{ px: 2, py: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
            >
                <DateRangeFilter update={update} />
                <LiveControl live={live} />
            </Stack>
            <DatagridConfigurable
                preferenceKey={columnsKey('events', spansAccounts)}
                sx={hideBelow({ md: ['account_name'], sm: ['image'] })}
                bulkActionButtons={false}
                rowSx={(record: EventRecord) => (live.fresh.has(record.id) ? freshRow : {})}
                rowClick={(_id, _resource, record) => {
                    open(translate('resources.events.details.title'), <EventDetails event={record as EventRecord} />);
                    return false;
                }}
            >
                <FunctionField source="image" sortable={false} render={(r: EventRecord) => <EventThumbnail event={r} />} />
                <FunctionField source="timestamp" render={(r: EventRecord) => formatDate(r.timestamp)} />
                <FunctionField source="event" sortable={false} render={(r: EventRecord) => <EventType event={r} />} />
                <FunctionField source="device_id" sortable={false} render={(r: EventRecord) => <DeviceLink event={r} />} />
                {spansAccounts && accountColumn()}
                <FunctionField source="profiles" sortable={false} render={(r: EventRecord) => <Profiles event={r} />} />
            </DatagridConfigurable>
        </Box>
    );
};

const SORT = { field: 'timestamp', order: 'DESC' } as const;

/**
 * The address of an older link (the dashboard's, a bookmark) whose filter said cross_account=true|false, as the
 * account filter says it now: every account in reach, or the current account; undefined when there is none.
 */
const legacyScopeSearch = (search: string, session: Session, reaches: boolean): string | undefined => {
    const params = new URLSearchParams(search);
    const cross = params.get('cross_account');
    if (cross === null) return undefined;
    params.delete('cross_account');
    if (reaches && !params.has('account_id')) params.set('account_id', cross === 'true' ? ALL_ACCOUNTS : String(session.currentAccountId));
    const text = params.toString();
    return text ? `?${text}` : '';
};

/** /events: Security Events (SPEC 2.2, 2.7), live, with export for the roles that have it. */
export const EventList = () => {
    const translate = useTranslate();
    const session = useSession();
    const spoofing = useSpoofingEnabled();
    const scope = useAccountScope(SORT);
    // the filters depend on the group chosen, which the URL holds
    const { pathname, search } = useLocation();
    const params = new URLSearchParams(search);
    if (!session) return null;
    const legacy = legacyScopeSearch(search, session, scope.reaches);
    if (legacy !== undefined) return <Navigate replace to={{ pathname, search: legacy }} />;
    const groups = visibleEventGroups(spoofing);
    return (
        <AppList
            resource="events"
            sort={SORT}
            title={translate('resources.events.name', { smart_count: 2 })}
            filterDefaultValues={scope.defaults}
            permanentFilter={scope.permanentFilter}
            // The tabs, period and live feed stay when a filter finds nothing.
            empty={false}
            filters={eventFilters(params.get('group') as EventGroup | undefined, scope)}
            actions={
                <TopToolbar>
                    <FilterButton />
                    <ColumnsButton preferenceKey={columnsKey('events', scope.spansAccounts)} />
                    <EventExportButton />
                </TopToolbar>
            }
            pagination={<EventPagination />}
        >
            <EventListBody groups={groups} spansAccounts={scope.spansAccounts} />
        </AppList>
    );
};
