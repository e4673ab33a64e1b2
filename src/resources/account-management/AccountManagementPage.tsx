import { useState } from 'react';
import { Autocomplete, Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, Title, useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Account } from '../../../contract/accounts';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/format';
import { LoadFailure } from '../../components/LoadFailure';
import { useNotices } from '../../notifications/notices';
import { useAccountList, type AccountRow } from '../../session/accounts';

const MAIN_ACCOUNT_KEY = ['accounts', 'main'];

/** One line of the main account's card: a label and its value, '-' when empty. */
const Line = ({ label, value }: { label: string; value: string | null | undefined }) => (
    <Box sx={{ display: 'contents' }}>
        <Typography component="dt" variant="body2" color="text.secondary">
            {label}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value || '-'}
        </Typography>
    </Box>
);

/** The platform main account as GET /accounts/main tells it, with a link to its account page. */
const MainAccountCard = ({ main }: { main: Account }) => {
    const translate = useTranslate();
    const field = (source: string) => translate(`resources.accounts.fields.${source}`);
    const { address } = main;
    return (
        <Card variant="outlined" component="section" aria-labelledby="main-account">
            <CardContent>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
                    <Typography variant="h6" component="h2" id="main-account">
                        {main.name}
                    </Typography>
                    <Chip size="small" color="primary" label={translate('resources.accounts.main')} />
                </Stack>
                <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
                    <Line label={field('ref_number')} value={main.ref_number} />
                    <Line label={field('type')} value={translate(`layout.accountType.${main.type}`)} />
                    <Line label={field('address.email')} value={address.email} />
                    <Line label={field('address.phone_number')} value={address.phone_number} />
                    <Line label={field('address.street_address')} value={address.street_address} />
                    <Line label={field('address.zip')} value={address.zip} />
                    <Line label={field('address.city')} value={address.city} />
                    <Line label={field('address.state')} value={address.state} />
                    <Line label={field('address.country')} value={address.country} />
                    <Line label={field('created_at')} value={formatDate(main.created_at)} />
                </Box>
                <Button component={RouterLink} to={`/accounts/${main.id}`} startIcon={<OpenInNew />} sx={{ mt: 2, ml: -1 }}>
                    {translate('account_management.open')}
                </Button>
            </CardContent>
        </Card>
    );
};

/** Another account chosen, then confirmed: PUT /accounts/main {id}. */
const ChangeMainAccount = ({ main }: { main: Account }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const queryClient = useQueryClient();
    const notices = useNotices();
    const { data: accounts, isPending } = useAccountList();
    const [chosen, setChosen] = useState<AccountRow | null>(null);
    const [asking, setAsking] = useState(false);
    const [busy, setBusy] = useState(false);
    const change = async () => {
        setAsking(false);
        setBusy(true);
        try {
            const updated = await dataProvider.call<Account>('/accounts/main', {
                method: 'PUT',
                body: { id: chosen!.id },
                noAccount: true,
            });
            queryClient.setQueryData(MAIN_ACCOUNT_KEY, updated);
            // SPEC 4.4: the account lists show the main account's new mark.
            void queryClient.invalidateQueries({ queryKey: ['accounts'] });
            notices.success(translate('account_management.changed', { name: updated.name }));
            setChosen(null);
        } catch (e) {
            notices.failed('account_management.failed', e);
        } finally {
            setBusy(false);
        }
    };
    return (
        <Card variant="outlined" component="section" aria-labelledby="change-main-account">
            <CardContent>
                <Typography variant="h6" component="h2" id="change-main-account" sx={{ mb: 1 }}>
                    {translate('account_management.changeTitle')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                    {translate('account_management.changeHelp')}
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                    <Autocomplete
                        options={(accounts ?? []).filter(a => a.id !== main.id)}
                        loading={isPending}
                        value={chosen}
                        onChange={(_e, value) => setChosen(value)}
                        getOptionLabel={a => (a.ref_number ? `${a.name} (${a.ref_number})` : a.name)}
                        isOptionEqualToValue={(a, b) => a.id === b.id}
                        renderInput={params => <TextField {...params} size="small" label={translate('account_management.account')} />}
                        sx={{ width: 360, maxWidth: '100%' }}
                    />
                    <Button variant="contained" color="warning" disabled={!chosen || busy} onClick={() => setAsking(true)}>
                        {translate('account_management.change')}
                    </Button>
                </Stack>
                <Confirm
                    isOpen={asking}
                    title="account_management.confirmTitle"
                    content="account_management.confirmContent"
                    translateOptions={{ name: chosen?.name ?? '', current: main.name }}
                    confirm="account_management.change"
                    cancel="ra.action.cancel"
                    confirmColor="warning"
                    onConfirm={() => void change()}
                    onClose={() => setAsking(false)}
                />
            </CardContent>
        </Card>
    );
};

/**
 * /account_management, Update Platform Main Account (SPEC 2.2, 6.3: the admin
 * of a single-tenant installation): the main account, and the choice of another.
 */
export const AccountManagementPage = () => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const main = useQuery({
        queryKey: MAIN_ACCOUNT_KEY,
        queryFn: ({ signal }) => dataProvider.call<Account>('/accounts/main', { noAccount: true, signal }),
    });
    return (
        <Box sx={{ py: 2, maxWidth: 760 }}>
            <Title title={translate('account_management.title')} />
            <Typography variant="h5" component="h1">
                {translate('account_management.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
                {translate('account_management.intro')}
            </Typography>
            {main.error ? (
                <LoadFailure onRefresh={() => void main.refetch()} />
            ) : (
                main.data && (
                    <Stack spacing={2}>
                        <MainAccountCard main={main.data} />
                        <ChangeMainAccount main={main.data} />
                    </Stack>
                )
            )}
        </Box>
    );
};
