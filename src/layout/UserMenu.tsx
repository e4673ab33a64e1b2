import { Avatar, Divider, ListItemIcon, ListItemText, ListSubheader, MenuItem } from '@mui/material';
import Check from '@mui/icons-material/Check';
import Settings from '@mui/icons-material/Settings';
import Logout from '@mui/icons-material/Logout';
import Keyboard from '@mui/icons-material/Keyboard';
import { UserMenu, useGetIdentity, useLocaleState, useTranslate, useUserMenu } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { LOCALES } from '../i18n';
import { initials } from './format';
import { apiFetch } from '../dataProvider/http';
import { useOpenShortcutsHelp } from './shortcuts';

const useCloseMenu = () => useUserMenu()?.onClose ?? (() => undefined);

const SettingsItem = () => {
    const close = useCloseMenu();
    const { identity } = useGetIdentity();
    const navigate = useNavigate();
    const translate = useTranslate();
    return (
        <MenuItem
            disabled={!identity}
            onClick={() => {
                close();
                navigate(`/users/${identity?.id}`);
            }}
        >
            <ListItemIcon>
                <Settings fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('layout.userMenu.settings')}</ListItemText>
        </MenuItem>
    );
};

/** Opens the list of keyboard shortcuts, as `?` does. */
const ShortcutsItem = () => {
    const close = useCloseMenu();
    const openHelp = useOpenShortcutsHelp();
    const translate = useTranslate();
    return (
        <MenuItem
            onClick={() => {
                close();
                openHelp();
            }}
        >
            <ListItemIcon>
                <Keyboard fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('layout.userMenu.shortcuts')}</ListItemText>
        </MenuItem>
    );
};

/** The language switch: English is bundled, another language loads when chosen; the choice is kept on the server for the next sign-in. */
const LanguageItems = () => {
    const [locale, setLocale] = useLocaleState();
    const close = useCloseMenu();
    const translate = useTranslate();
    return (
        <>
            <Divider />
            <ListSubheader sx={{ lineHeight: '32px' }}>{translate('layout.userMenu.language')}</ListSubheader>
            {LOCALES.map(l => (
                <MenuItem
                    key={l.locale}
                    lang={l.locale}
                    selected={l.locale === locale}
                    onClick={() => {
                        close();
                        setLocale(l.locale);
                        // kept for the next sign-in on any browser; this browser keeps it anyway
                        void apiFetch('/me/locale', { method: 'PUT', body: { locale: l.locale }, noAccount: true }).catch(() => undefined);
                    }}
                >
                    <ListItemIcon>{l.locale === locale && <Check fontSize="small" />}</ListItemIcon>
                    <ListItemText>{l.name}</ListItemText>
                </MenuItem>
            ))}
            <Divider />
        </>
    );
};

/** Log Out goes through /logout, which ends the session on the server too. */
const LogoutItem = () => {
    const navigate = useNavigate();
    const translate = useTranslate();
    return (
        <MenuItem onClick={() => navigate('/logout')}>
            <ListItemIcon>
                <Logout fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('layout.userMenu.logout')}</ListItemText>
        </MenuItem>
    );
};

const InitialsAvatar = () => {
    const { identity } = useGetIdentity();
    return <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'secondary.main' }}>{initials(identity?.fullName)}</Avatar>;
};

/** SPEC 2.4: the user menu with Settings (/users/{id}), the keyboard shortcuts, the language, and Log Out; the name's initials as the avatar. */
export const AppUserMenu = () => (
    <UserMenu icon={<InitialsAvatar />}>
        <SettingsItem />
        <ShortcutsItem />
        <LanguageItems />
        <LogoutItem />
    </UserMenu>
);
