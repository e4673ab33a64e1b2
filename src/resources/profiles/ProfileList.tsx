import { Box, Chip, Stack, Typography } from '@mui/material';
import Devices from '@mui/icons-material/Devices';
import PersonAdd from '@mui/icons-material/PersonAdd';
import Badge from '@mui/icons-material/Badge';
import { useQueryClient } from '@tanstack/react-query';
import {
    AutocompleteInput,
    Button,
    DatagridConfigurable,
    FilterButton,
    FunctionField,
    ReferenceInput,
    SelectInput,
    TopToolbar,
    useListContext,
    useTranslate,
} from 'react-admin';
import { ProfileSearchInput } from './ProfileSearchInput';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { PICKER_DEBOUNCE_MS, PICKER_PAGE_SIZE } from '../../../contract/constants';
import { PROFILE_STATUSES, type ProfileRecord } from '../../../contract/profiles';
import { can } from '../../../contract/rights';
import { canOpenRoute } from '../../../contract/routes';
import { stampedName } from '../../dataProvider/files';
import { formatDate } from '../../i18n/format';
import { accountColumn, accountScopeFilter, ALL_ACCOUNTS, scopeQuery, useAccountScope, type AccountScope } from '../../lists/accountScope';
import { AppList } from '../../lists/AppList';
import { ColumnsButton, columnsKey } from '../../lists/columns';
import { hideBelow } from '../../lists/hideBelow';
import { BulkDeleteButton } from '../../lists/BulkDeleteButton';
import { ExportButton } from '../../lists/ExportButton';
import { ListEmpty } from '../../lists/ListEmpty';
import { useSession } from '../../session/useSession';
import { PeriodPicker } from '../events';
import { BadgeList, ProfileState } from './BadgeHolder';

const SORT = { field: 'acs_id', order: 'ASC' } as const;

export const profileName = (translate: (key: string, options?: object) => string, p: { id: number; acs_id: string | null }) =>
    p.acs_id ?? translate('resources.profiles.noAcsId', { id: p.id });

/** The list's filters (SPEC 2.2; docs/decisions.md "Profiles, badge lists, visitors, consent and expiry"): search by ACS ID or badge, status, enabled, group, card format, consent, visitors, account. */
const useProfileFilters = (scope: AccountScope) => {
    const translate = useTranslate();
    const yesNo = [
        { id: 'true', name: translate('app.yes') },
        { id: 'false', name: translate('app.no') },
    ];
    return [
        <ProfileSearchInput key="q" source="q" alwaysOn />,
        <SelectInput
            key="status"
            source="status"
            choices={PROFILE_STATUSES.map(s => ({ id: s, name: `resources.profiles.statuses.${s}` }))}
            alwaysOn
        />,
        ...accountScopeFilter(scope),
        <SelectInput key="enabled" source="enabled" choices={yesNo} />,
        <ReferenceInput
            key="access_group_id"
            source="access_group_id"
            reference="access_groups"
            perPage={PICKER_PAGE_SIZE}
            filter={scopeQuery(scope.accountId)}
        >
            <AutocompleteInput
                optionText="description"
                filterToQuery={q => ({ q })}
                debounce={PICKER_DEBOUNCE_MS}
                label="resources.profiles.fields.access_group_id"
                sx={{ minWidth: 220 }}
            />
        </ReferenceInput>,
        <ReferenceInput
            key="card_format_id"
            source="card_format_id"
            reference="cards/formats"
            perPage={PICKER_PAGE_SIZE}
            filter={scopeQuery(scope.accountId)}
        >
            <SelectInput optionText="name" label="resources.profiles.fields.card_format_id" />
        </ReferenceInput>,
        <SelectInput key="consent_accepted" source="consent_accepted" choices={yesNo} />,
        <SelectInput key="visitor" source="visitor" choices={yesNo} />,
    ];
};

/** The last-activity period, in the list's filter as last_activity_from / last_activity_to. */
const LastActivity = () => {
    const translate = useTranslate();
    const { filterValues, setFilters, displayedFilters } = useListContext();
    return (
        <Stack direction="row" spacing={1} sx={{ px: 2, py: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="body2" color="text.secondary">
                {translate('resources.profiles.fields.last_activity')}
            </Typography>
            <PeriodPicker
                from={filterValues.last_activity_from as string | undefined}
                to={filterValues.last_activity_to as string | undefined}
                onChange={({ from, to }) => {
                    const { last_activity_from: _f, last_activity_to: _t, ...rest } = filterValues;
                    setFilters(
                        { ...rest, ...(from ? { last_activity_from: from } : {}), ...(to ? { last_activity_to: to } : {}) },
                        displayedFilters,
                        false,
                    );
                }}
            />
        </Stack>
    );
};

const BULK_TEXTS = {
    title: 'resources.profiles.bulk.deleteTitle',
    content: 'resources.profiles.bulk.deleteContent',
    deleted: 'resources.profiles.bulk.deleted',
};

const ProfileBulkActions = () => {
    const { selectedIds, onUnselectItems } = useListContext();
    const queryClient = useQueryClient();
    return (
        <BulkDeleteButton
            resource="profiles"
            path="/profiles/bulk"
            body={ids => ({ ids })}
            ids={selectedIds.map(Number)}
            texts={BULK_TEXTS}
            onDone={async () => {
                onUnselectItems();
                await queryClient.invalidateQueries({ queryKey: ['profiles'] });
            }}
        />
    );
};

const profilesFileName = () => stampedName('profiles', 'csv');

/**
 * What an empty Profiles list says (SPEC 2.2): people get a profile at an enrollment reader, through a web enrollment
 * invitation or with a visitor badge; each button where the role may. Invitations are made in the current account, so
 * that button shows only while the list covers it; the other screens open on the list's accounts.
 */
const ProfilesEmpty = ({ scope }: { scope: AccountScope }) => {
    const session = useSession();
    if (!session) return null;
    const { role, flags } = session;
    const coversCurrent =
        scope.accountId === undefined || scope.accountId === ALL_ACCOUNTS || Number(scope.accountId) === session.currentAccountId;
    const inScope = scope.accountId ? `?${new URLSearchParams({ account_id: scope.accountId })}` : '';
    return (
        <ListEmpty text="resources.profiles.empty">
            {canOpenRoute('devices', flags) && (
                <Button component={RouterLink} variant="outlined" label="resources.profiles.emptyActions.readers" to={`/devices${inScope}`}>
                    <Devices />
                </Button>
            )}
            {coversCurrent && canOpenRoute('webEnrollments', flags) && can(role, 'profiles', 'write') && (
                <Button
                    component={RouterLink}
                    variant="outlined"
                    label="resources.profiles.emptyActions.invite"
                    to="/web-enrollments-create/invites"
                >
                    <PersonAdd />
                </Button>
            )}
            {canOpenRoute('visitors', flags) && can(role, 'visitors', 'write') && (
                <Button
                    component={RouterLink}
                    variant="outlined"
                    label="resources.profiles.emptyActions.visitor"
                    to={`/visitors${inScope}`}
                >
                    <Badge />
                </Button>
            )}
        </ListEmpty>
    );
};

/**
 * The columns of a profiles list, shared by Profiles and Consented: who, their
 * state and badges, groups, activity; `extra` adds a list's own columns.
 * `columns` is the key of the columns each user chose (src/lists/columns.tsx).
 */
export const ProfileRows = ({
    columns,
    bulk,
    spansAccounts,
    extra = [],
    empty,
}: {
    columns: string;
    bulk: boolean;
    spansAccounts: boolean;
    extra?: React.ReactElement[];
    /** what the list says when it has no row */
    empty?: React.ReactNode;
}) => {
    const translate = useTranslate();
    const navigate = useNavigate();
    return (
        <DatagridConfigurable
            preferenceKey={columns}
            sx={hideBelow({ md: ['access_groups', 'last_activity_at'], sm: ['badges'] })}
            bulkActionButtons={bulk ? <ProfileBulkActions /> : false}
            rowClick={id => {
                navigate(`/profiles/${id}`);
                return false;
            }}
            size="small"
            empty={empty}
        >
            <FunctionField
                source="acs_id"
                render={(p: ProfileRecord) => <strong style={{ whiteSpace: 'nowrap' }}>{profileName(translate, p)}</strong>}
            />
            {spansAccounts && accountColumn()}
            <FunctionField source="status" render={(p: ProfileRecord) => <ProfileState profile={p} />} />
            <FunctionField source="badges" sortable={false} render={(p: ProfileRecord) => <BadgeList badges={p.badges} />} />
            <FunctionField
                source="access_groups"
                sortable={false}
                render={(p: ProfileRecord) => (
                    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', maxWidth: 260 }}>
                        {p.access_groups.map(g => (
                            <Chip key={g.id} size="small" variant="outlined" label={g.description} />
                        ))}
                    </Box>
                )}
            />
            <FunctionField source="last_activity_at" render={(p: ProfileRecord) => formatDate(p.last_activity_at)} />
            {...extra}
        </DatagridConfigurable>
    );
};

/** /profiles: Profiles (SPEC 2.2), with filters in the URL, bulk delete and export for the roles that have them. */
export const ProfileList = () => {
    const translate = useTranslate();
    const session = useSession();
    const scope = useAccountScope(SORT);
    const filters = useProfileFilters(scope);
    if (!session) return null;
    return (
        <AppList
            resource="profiles"
            sort={SORT}
            title={translate('resources.profiles.name', { smart_count: 2 })}
            filters={filters}
            filterDefaultValues={scope.defaults}
            permanentFilter={scope.permanentFilter}
            empty={false}
            actions={
                <TopToolbar>
                    <FilterButton />
                    <ColumnsButton preferenceKey={columnsKey('profiles', scope.spansAccounts)} />
                    <ExportButton
                        resource="profiles"
                        path="/profiles/export"
                        fileName={profilesFileName}
                        failedTitle="resources.profiles.export.failed"
                    />
                </TopToolbar>
            }
        >
            <LastActivity />
            <ProfileRows
                columns={columnsKey('profiles', scope.spansAccounts)}
                bulk={can(session.role, 'profiles', 'bulk_delete')}
                spansAccounts={scope.spansAccounts}
                empty={<ProfilesEmpty scope={scope} />}
            />
        </AppList>
    );
};
