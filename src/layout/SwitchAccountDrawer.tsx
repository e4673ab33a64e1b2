import { useMemo, useState } from 'react';
import {
    Alert,
    Box,
    Button,
    Chip,
    Drawer,
    IconButton,
    InputAdornment,
    LinearProgress,
    List,
    ListItemButton,
    ListItemText,
    TextField,
    Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import KeyboardReturn from '@mui/icons-material/KeyboardReturn';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';
import { PICKER_DEBOUNCE_MS } from '../../contract/constants';
import { useAccountList, type AccountRow } from '../session/accounts';
import { useSession } from '../session/useSession';
import { useAccountSwitch } from './accountSwitch';
import { useDebounced } from '../lists/useDebounced';

/** Accounts whose name or reference number holds the search text, case and accents aside. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
export const matchAccounts = (accounts: readonly AccountRow[], search: string) => {
    const wanted = fold(search.trim());
    return wanted ? accounts.filter(a => fold(a.name).includes(wanted) || fold(a.ref_number ?? '').includes(wanted)) : [...accounts];
};

/**
 * SPEC 2.4: the Switch Account drawer: search, the accounts (the user's own
 * marked 'my account'), Confirm. The whole list is loaded once (per_page
 * 999999) and searched here, so typing costs no request.
 */
export const SwitchAccountDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
    const translate = useTranslate();
    const session = useSession();
    const { switchTo } = useAccountSwitch();
    const [search, setSearch] = useState('');
    const q = useDebounced(search, PICKER_DEBOUNCE_MS);
    const [selected, setSelected] = useState<AccountRow | null>(null);
    const { data, isPending, error, refetch } = useAccountList();
    // The own account first: it is the one most often gone back to.
    const rows = useMemo(
        () => matchAccounts(data ?? [], q).sort((a, b) => Number(b.id === session?.ownAccountId) - Number(a.id === session?.ownAccountId)),
        [data, q, session?.ownAccountId],
    );
    const close = () => {
        setSelected(null);
        setSearch('');
        onClose();
    };
    const confirm = async (account: { id: number; name: string }) => {
        close();
        await switchTo(account);
    };
    if (!session) return null;
    const foreign = session.currentAccountId !== session.ownAccountId;
    return (
        <Drawer anchor="right" open={open} onClose={close} slotProps={{ paper: { sx: { width: 420, maxWidth: '100vw' } } }}>
            <Box
                role="dialog"
                aria-label={translate('layout.switch.title')}
                sx={{ display: 'flex', flexDirection: 'column', height: '100%', p: 2, gap: 2 }}
            >
                <Box sx={{ display: 'flex', alignItems: 'center' }}>
                    <Typography variant="h6" sx={{ flex: 1 }}>
                        {translate('layout.switch.title')}
                    </Typography>
                    <IconButton aria-label={translate('ra.action.close')} onClick={close}>
                        <CloseIcon />
                    </IconButton>
                </Box>
                {foreign && (
                    <Button
                        variant="outlined"
                        startIcon={<KeyboardReturn />}
                        onClick={() => void confirm({ id: session.ownAccountId, name: session.me.account.name })}
                    >
                        {translate('layout.backToMyAccount')}
                    </Button>
                )}
                <TextField
                    label={translate('layout.switch.search')}
                    value={search}
                    onChange={e => setSearch(e.target.value)}
                    size="small"
                    autoFocus
                    slotProps={{
                        input: {
                            startAdornment: (
                                <InputAdornment position="start">
                                    <SearchIcon />
                                </InputAdornment>
                            ),
                        },
                    }}
                />
                <Box sx={{ flex: 1, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
                    {isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
                    {error && (
                        <Alert
                            severity="error"
                            action={
                                <Button color="inherit" size="small" onClick={() => void refetch()}>
                                    {translate('layout.failure.refresh')}
                                </Button>
                            }
                        >
                            {translate('layout.switch.failed')}
                        </Alert>
                    )}
                    {!isPending && !error && rows.length === 0 && (
                        <Typography sx={{ p: 2 }} color="text.secondary">
                            {translate('layout.switch.none')}
                        </Typography>
                    )}
                    <List aria-label={translate('layout.switch.accounts')} disablePadding>
                        {rows.map(account => (
                            <ListItemButton
                                key={account.id}
                                selected={selected?.id === account.id}
                                onClick={() => setSelected(account)}
                                onDoubleClick={() => account.id !== session.currentAccountId && void confirm(account)}
                            >
                                <ListItemText
                                    primary={account.name}
                                    secondary={[translate(`layout.accountType.${account.type}`), account.ref_number]
                                        .filter(Boolean)
                                        .join(' · ')}
                                />
                                {account.id === session.ownAccountId && (
                                    <Chip size="small" color="secondary" label={translate('layout.switch.mine')} />
                                )}
                                {account.id === session.currentAccountId && (
                                    <Chip
                                        size="small"
                                        color="primary"
                                        variant="outlined"
                                        label={translate('layout.switch.current')}
                                        sx={{ ml: 1 }}
                                    />
                                )}
                            </ListItemButton>
                        ))}
                    </List>
                </Box>
                <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
                    <Button onClick={close}>{translate('ra.action.cancel')}</Button>
                    <Button
                        variant="contained"
                        disabled={!selected || selected.id === session.currentAccountId}
                        onClick={() => selected && void confirm(selected)}
                    >
                        {translate('ra.action.confirm')}
                    </Button>
                </Box>
            </Box>
        </Drawer>
    );
};
