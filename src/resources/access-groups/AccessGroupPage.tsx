import { useCallback, useState } from 'react';
import { Box, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { RecordContextProvider, Title, useDataProvider, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { AccessGroupEmbedded } from '../../../contract/access-groups';
import { DEFAULT_PAGE_SIZE } from '../../../contract/constants';
import { can } from '../../../contract/rights';
import type { ConsoleDataProvider } from '../../dataProvider';
import { LoadFailure } from '../../components/LoadFailure';
import { useSession } from '../../session/useSession';
import { DeleteGroupButton, EditGroupButton, MakeDefaultButton } from './GroupActions';
import { GroupDevices } from './GroupDevices';
import { GroupMembers, type MembersPage } from './GroupMembers';

/**
 * /access_groups/:id (SPEC 2.2 'Access Group'): the group, the devices that
 * serve it and its members with their badges. Every role sees it; staff who
 * configure devices change the group and its devices, and every role with
 * the profiles write right adds and removes members.
 */
export const AccessGroupPage = () => {
    const { id } = useParams();
    const session = useSession();
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const queryClient = useQueryClient();
    const [members, setMembersState] = useState<MembersPage>({ page: 1, perPage: DEFAULT_PAGE_SIZE, q: '' });
    const setMembers = useCallback((next: MembersPage) => setMembersState(next), []);
    const {
        data: group,
        error,
        refetch,
        isPending,
    } = useQuery({
        queryKey: ['access_groups', 'embedded', id, members],
        queryFn: () =>
            dataProvider.call<AccessGroupEmbedded>(`/access_groups/${id}/embedded`, {
                query: { page: members.page, per_page: members.perPage, q: members.q || undefined },
            }),
        placeholderData: keepPreviousData,
    });
    // Counts in the list and this page change together.
    const changed = () => void queryClient.invalidateQueries({ queryKey: ['access_groups'] });
    if (!session) return null;
    if (error) return <LoadFailure onRefresh={() => void refetch()} />;
    if (isPending || !group) return <LinearProgress />;
    const mayConfigure = can(session.role, 'deviceConfig', 'write');
    return (
        <RecordContextProvider value={group}>
            <Box sx={{ py: 2 }}>
                <Title title={group.description} />
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
                    <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-word' }}>
                        {group.description}
                    </Typography>
                    {group.default_group && <Chip size="small" color="primary" label={translate('resources.access_groups.default')} />}
                    <Box sx={{ flex: 1 }} />
                    {mayConfigure && (
                        <Stack direction="row" spacing={0.5}>
                            <MakeDefaultButton />
                            <EditGroupButton />
                            <DeleteGroupButton redirect="/access_groups" />
                        </Stack>
                    )}
                </Box>
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                    {translate('resources.access_groups.intro')}
                </Typography>
                <Stack spacing={2}>
                    <GroupDevices group={group} mayChange={mayConfigure} onChanged={changed} />
                    <GroupMembers
                        group={group}
                        members={members}
                        setMembers={setMembers}
                        mayChange={can(session.role, 'profiles', 'write')}
                        onChanged={changed}
                    />
                </Stack>
            </Box>
        </RecordContextProvider>
    );
};
