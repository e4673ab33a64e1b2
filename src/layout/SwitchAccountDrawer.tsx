import { useEffect, useState } from 'react';
import { Box, Button, Chip, Drawer, InputAdornment, List, ListItemButton, ListItemText, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useGetList, useTranslate } from 'react-admin';
import { PICKER_DEBOUNCE_MS, PICKER_PAGE_SIZE } from '../../contract/constants';
import { useSession } from '../session/useSession';
import { useAccountSwitch } from './accountSwitch';

interface AccountRow {
    id: number;
    name: string;
    type: string;
    ref_number: string | null;
}

const useDebounced = <T,>(value: T, ms: number) => {
    const [debounced, setDebounced] = useState(value);
    useEffect(() => {
        const timer = setTimeout(() => setDebounced(value), ms);
        return () => clearTimeout(timer);
    }, [value, ms]);
    return debounced;
};

/** SPEC 2.4: the Switch Account drawer: search, the user's own account marked 'my account', Confirm. */
export const SwitchAccountDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
    const translate = useTranslate();
    const session = useSession();
    const { switchTo } = useAccountSwitch();
    const [search, setSearch] = useState('');
    const q = useDebounced(search, PICKER_DEBOUNCE_MS);
    const [selected, setSelected] = useState<AccountRow | null>(null);
    const { data = [], isPending } = useGetList<AccountRow>(
        'accounts',
        { pagination: { page: 1, perPage: PICKER_PAGE_SIZE }, sort: { field: 'name', order: 'ASC' }, filter: { cross_account: 'true', ...(q ? { q } : {}) } },
        { enabled: open },
    );
    const confirm = async () => {
        if (selected) await switchTo({ id: selected.id, name: selected.name });
        setSelected(null);
        onClose();
    };
    return (
        <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 420, maxWidth: '100vw' } } }}>
            <Box role="dialog" aria-label={translate('layout.switch.title')} sx={{ display: 'flex', flexDirection: 'column', height: '100%', p: 2, gap: 2 }}>
                <Typography variant="h6">{translate('layout.switch.title')}</Typography>
                <TextField
                    label={translate('layout.switch.search')}
                    value={search}
                    onChange={e => setSearch(e.target.value)}
                    size="small"
                    autoFocus
                    slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
                />
                <List sx={{ flex: 1, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }} aria-label={translate('layout.switch.accounts')}>
                    {!isPending && data.length === 0 && <Typography sx={{ p: 2 }} color="text.secondary">{translate('layout.switch.none')}</Typography>}
                    {data.map(account => (
                        <ListItemButton key={account.id} selected={selected?.id === account.id} onClick={() => setSelected(account)}>
                            <ListItemText primary={account.name} secondary={translate(`layout.accountType.${account.type}`)} />
                            {account.id === session?.ownAccountId && <Chip size="small" label={translate('layout.switch.mine')} />}
                            {account.id === session?.currentAccountId && <Chip size="small" color="primary" variant="outlined" label={translate('layout.switch.current')} sx={{ ml: 1 }} />}
                        </ListItemButton>
                    ))}
                </List>
                <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
                    <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
                    <Button variant="contained" disabled={!selected || selected.id === session?.currentAccountId} onClick={() => void confirm()}>
                        {translate('ra.action.confirm')}
                    </Button>
                </Box>
            </Box>
        </Drawer>
    );
};
