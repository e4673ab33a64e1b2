import { memo, useState } from 'react';
import { Box, Button, Chip, Typography } from '@mui/material';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import KeyboardReturn from '@mui/icons-material/KeyboardReturn';
import { AppBar as RaAppBar, LoadingIndicator, TitlePortal, useTranslate } from 'react-admin';
import { canSwitchAccount } from '../../contract/routes';
import { useAppBarItems } from '../plugins/slots';
import { useCurrentAccountName } from '../session/accounts';
import { useSession } from '../session/useSession';
import { useAccountSwitch } from './accountSwitch';
import { SwitchAccountDrawer } from './SwitchAccountDrawer';
import { AppUserMenu } from './UserMenu';

/** SPEC 2.4: current account, 'Customer Account' badge, Back to My Account, Switch Account. */
const CurrentAccount = () => {
    const translate = useTranslate();
    const session = useSession();
    const name = useCurrentAccountName();
    const { switchTo } = useAccountSwitch();
    const [open, setOpen] = useState(false);
    if (!session) return null;
    const foreign = session.currentAccountId !== session.ownAccountId;
    return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 1, minWidth: 0 }}>
            <Typography
                variant="body1"
                noWrap
                sx={{ fontWeight: 600, maxWidth: { xs: 140, sm: 320 } }}
                title={name}
                data-testid="current-account"
            >
                {name}
            </Typography>
            {foreign && <Chip size="small" color="warning" label={translate('layout.customerAccount')} />}
            {foreign && (
                <Button
                    color="inherit"
                    size="small"
                    startIcon={<KeyboardReturn />}
                    onClick={() => void switchTo({ id: session.ownAccountId, name: session.me.account.name })}
                    sx={{ whiteSpace: 'nowrap' }}
                >
                    {translate('layout.backToMyAccount')}
                </Button>
            )}
            {canSwitchAccount(session.flags) && (
                <>
                    <Button
                        color="inherit"
                        size="small"
                        variant="outlined"
                        startIcon={<SwapHoriz />}
                        onClick={() => setOpen(true)}
                        sx={{ whiteSpace: 'nowrap' }}
                    >
                        {translate('layout.switch.button')}
                    </Button>
                    <SwitchAccountDrawer open={open} onClose={() => setOpen(false)} />
                </>
            )}
            <LoadingIndicator />
        </Box>
    );
};

/** What features put in the bar (the search box), then the current account. */
const Toolbar = () => {
    const items = useAppBarItems();
    return (
        <>
            {items.map((Item, i) => (
                <Item key={i} />
            ))}
            <CurrentAccount />
        </>
    );
};

// memo: react-admin renders the layout again each time it registers its resources, and the bar has not changed
export const AppBar = memo(() => (
    <RaAppBar userMenu={<AppUserMenu />} toolbar={<Toolbar />}>
        <TitlePortal />
    </RaAppBar>
));
