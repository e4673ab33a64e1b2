import { useEffect, useState } from 'react';
import { Autocomplete, Box, Button, Card, CardContent, CardHeader, InputAdornment, TextField, Typography } from '@mui/material';
import PersonAdd from '@mui/icons-material/PersonAdd';
import PersonRemove from '@mui/icons-material/PersonRemove';
import Search from '@mui/icons-material/Search';
import { Datagrid, FunctionField, Pagination, useGetList, useTranslate } from 'react-admin';
import type { AccessGroupEmbedded } from '../../../contract/access-groups';
import type { MemberProfile, ProfileRecord } from '../../../contract/profiles';
import { EmbeddedList } from '../../lists/EmbeddedList';
import { PAGE_SIZES } from '../../lists/listQuery';
import { BadgeList, ProfileState } from '../profiles';
import { useDebounced } from '../../lists/useDebounced';
import { useGroupLinks } from './useGroupLinks';

export interface MembersPage {
    page: number;
    perPage: number;
    q: string;
}

const nameOf = (translate: (key: string, options?: object) => string, p: { id: number; acs_id: string | null }) =>
    p.acs_id ?? translate('resources.access_groups.members.noAcsId', { id: p.id });

/** Profiles of the account to add, searched by ACS ID as the user types. */
const MemberPicker = ({ accountId, onAdd }: { accountId: number; onAdd: (profile: ProfileRecord) => Promise<boolean> }) => {
    const translate = useTranslate();
    const [typed, setTyped] = useState('');
    const [chosen, setChosen] = useState<ProfileRecord | null>(null);
    const q = useDebounced(typed);
    const { data = [], isPending } = useGetList<ProfileRecord>('profiles', {
        pagination: { page: 1, perPage: 20 },
        sort: { field: 'acs_id', order: 'ASC' },
        filter: { q, account_id: accountId },
    });
    return (
        <Box sx={{ display: 'flex', gap: 1, mb: 2 }}>
            <Autocomplete
                sx={{ flex: 1 }}
                size="small"
                options={data}
                loading={isPending}
                value={chosen}
                onChange={(_e, v) => setChosen(v)}
                inputValue={typed}
                onInputChange={(_e, v) => setTyped(v)}
                filterOptions={options => options}
                getOptionLabel={p => nameOf(translate, p)}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                renderInput={params => <TextField {...params} label={translate('resources.access_groups.members.choose')} />}
            />
            <Button
                variant="outlined"
                startIcon={<PersonAdd />}
                disabled={!chosen}
                onClick={() => void onAdd(chosen!).then(ok => ok && (setChosen(null), setTyped('')))}
            >
                {translate('resources.access_groups.members.add')}
            </Button>
        </Box>
    );
};

/** The group's badge holders (SPEC 3 Profile badges with format, number, facility code; SPEC 4.7 labels), a page at a time. */
export const GroupMembers = ({
    group,
    members,
    setMembers,
    mayChange,
    onChanged,
}: {
    group: AccessGroupEmbedded;
    members: MembersPage;
    setMembers: (next: MembersPage) => void;
    mayChange: boolean;
    onChanged: () => void;
}) => {
    const translate = useTranslate();
    const [search, setSearch] = useState(members.q);
    const settled = useDebounced(search);
    const t = (key: string, options?: object) => translate(`resources.access_groups.members.${key}`, options);
    const links = useGroupLinks<MemberProfile>(group, 'members', onChanged, <PersonRemove />, p =>
        t('confirmRemove', { profile: nameOf(translate, p), group: group.description }),
    );
    useEffect(() => {
        if (settled !== members.q) setMembers({ ...members, q: settled, page: 1 });
    }, [settled, members, setMembers]);

    const add = (profile: ProfileRecord) => links.add([profile.id]);

    return (
        <Card variant="outlined">
            <CardHeader title={`${t('title')} (${group.profiles_count})`} slotProps={{ title: { variant: 'h6' } }} />
            <CardContent sx={{ pt: 0 }}>
                {mayChange && <MemberPicker accountId={group.account_id} onAdd={add} />}
                <TextField
                    size="small"
                    value={search}
                    onChange={e => setSearch(e.target.value)}
                    placeholder={t('search')}
                    slotProps={{
                        input: {
                            startAdornment: (
                                <InputAdornment position="start">
                                    <Search fontSize="small" />
                                </InputAdornment>
                            ),
                        },
                        htmlInput: { 'aria-label': t('search') },
                    }}
                    sx={{ mb: 1 }}
                />
                <EmbeddedList
                    data={group.profiles}
                    paged={{
                        page: members.page,
                        perPage: members.perPage,
                        total: group.profiles_count,
                        setPage: page => setMembers({ ...members, page }),
                        setPerPage: perPage => setMembers({ ...members, perPage, page: 1 }),
                    }}
                >
                    <Datagrid
                        bulkActionButtons={false}
                        rowClick={false}
                        size="small"
                        aria-label={t('title')}
                        empty={
                            <Typography color="text.secondary" sx={{ py: 2 }}>
                                {t('empty')}
                            </Typography>
                        }
                    >
                        <FunctionField
                            source="acs_id"
                            sortable={false}
                            label={t('acs_id')}
                            render={(p: MemberProfile) => nameOf(translate, p)}
                        />
                        <FunctionField
                            source="status"
                            sortable={false}
                            label={t('status')}
                            render={(p: MemberProfile) => <ProfileState profile={p} />}
                        />
                        <FunctionField
                            source="badges"
                            sortable={false}
                            label={t('badges')}
                            render={(p: MemberProfile) => <BadgeList badges={p.badges} />}
                        />
                        {mayChange && (
                            <FunctionField
                                label=""
                                sortable={false}
                                textAlign="right"
                                render={(p: MemberProfile) => links.removeButton(p, nameOf(translate, p))}
                            />
                        )}
                    </Datagrid>
                    <Pagination rowsPerPageOptions={PAGE_SIZES} />
                </EmbeddedList>
            </CardContent>
            {links.dialog}
        </Card>
    );
};
