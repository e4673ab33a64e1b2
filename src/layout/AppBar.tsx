import { memo, useEffect, useState, type ReactElement } from 'react';
import { Box, Button, Chip, IconButton, Tooltip, Typography, useMediaQuery, type ButtonProps, type Theme } from '@mui/material';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import KeyboardReturn from '@mui/icons-material/KeyboardReturn';
import { AppBar as RaAppBar, LoadingIndicator, TitlePortal, ToggleThemeButton, useThemesContext, useTranslate } from 'react-admin';
import { canSwitchAccount } from '../../contract/routes';
import { useAppBarItems } from '../plugins/slots';
import { useCurrentAccountName } from '../session/accounts';
import { useSession } from '../session/useSession';
import { useAccountSwitch } from './accountSwitch';
import { SwitchAccountDrawer } from './SwitchAccountDrawer';
import { AppUserMenu } from './UserMenu';
import { BrandMark } from './BrandMark';
import { wearAccountBrand } from '../session/brand';

/** A button of the bar: its icon and words, or on a phone its icon alone (named, with the words as tooltip). */
const BarButton = ({
    label,
    icon,
    onClick,
    variant,
}: {
    label: string;
    icon: ReactElement;
    onClick: () => void;
    variant?: ButtonProps['variant'];
}) => {
    const phone = useMediaQuery<Theme>(t => t.breakpoints.down('sm'));
    return phone ? (
        <Tooltip title={label}>
            <IconButton color="inherit" size="small" aria-label={label} onClick={onClick}>
                {icon}
            </IconButton>
        </Tooltip>
    ) : (
        <Button color="inherit" size="small" variant={variant} startIcon={icon} onClick={onClick} sx={{ whiteSpace: 'nowrap' }}>
            {label}
        </Button>
    );
};

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
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1 }, mr: { xs: 0, sm: 1 }, minWidth: 0 }}>
            <Typography
                variant="body1"
                noWrap
                sx={{ fontWeight: 600, maxWidth: { xs: 96, sm: 200, lg: 320 } }}
                title={name}
                data-testid="current-account"
            >
                {name}
            </Typography>
            {foreign && (
                <Chip
                    size="small"
                    color="warning"
                    label={translate('layout.customerAccount')}
                    sx={{ maxWidth: { xs: 72, sm: 'none' } }}
                    title={translate('layout.customerAccount')}
                />
            )}
            {foreign && (
                <BarButton
                    label={translate('layout.backToMyAccount')}
                    icon={<KeyboardReturn />}
                    onClick={() => void switchTo({ id: session.ownAccountId, name: session.me.account.name })}
                />
            )}
            {canSwitchAccount(session.flags) && (
                <>
                    <BarButton
                        label={translate('layout.switch.button')}
                        icon={<SwapHoriz />}
                        onClick={() => setOpen(true)}
                        variant="outlined"
                    />
                    <SwitchAccountDrawer open={open} onClose={() => setOpen(false)} />
                </>
            )}
            <LoadingIndicator />
        </Box>
    );
};

/** What features put in the bar (the search box), then the current account, then the light/dark switch. */
const Toolbar = () => {
    const items = useAppBarItems();
    const { darkTheme } = useThemesContext();
    return (
        <>
            {items.map((Item, i) => (
                <Item key={i} />
            ))}
            <CurrentAccount />
            {darkTheme && <ToggleThemeButton />}
        </>
    );
};

// memo: react-admin renders the layout again each time it registers its resources, and the bar has not changed.
// The brand's primary colour, as on the sign-in page (src/layout/theme.ts); in the dark theme MUI draws the bar dark.
export const AppBar = memo(() => {
    const session = useSession();
    const accountId = session?.ownAccountId;
    // the brand of the user's own account, whichever account the user is viewing (docs/decisions.md "Brands per account")
    useEffect(() => {
        if (accountId !== undefined) void wearAccountBrand(accountId);
    }, [accountId]);
    return (
        <RaAppBar color="primary" userMenu={<AppUserMenu />} toolbar={<Toolbar />}>
            <BrandMark nameHiddenOnPhone sx={{ mr: 2, flexShrink: 0, display: { xs: 'none', sm: 'flex' } }} />
            <TitlePortal sx={{ minWidth: 0, mr: 1, fontSize: { xs: '1.1rem', sm: undefined } }} />
        </RaAppBar>
    );
});
