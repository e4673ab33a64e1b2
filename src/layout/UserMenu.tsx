import { Avatar, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import Settings from '@mui/icons-material/Settings';
import Translate from '@mui/icons-material/Translate';
import Logout from '@mui/icons-material/Logout';
import { forwardRef } from 'react';
import { UserMenu, useGetIdentity, useLocaleState, useTranslate, useUserMenu } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { LOCALES } from '../i18n';
import { initials } from './format';

const SettingsItem = forwardRef<HTMLLIElement>((_props, ref) => {
    const { onClose } = useUserMenu() ?? { onClose: () => undefined };
    const { identity } = useGetIdentity();
    const navigate = useNavigate();
    const translate = useTranslate();
    return (
        <MenuItem ref={ref} onClick={() => { onClose(); navigate(`/users/${identity?.id}`); }}>
            <ListItemIcon><Settings fontSize="small" /></ListItemIcon>
            <ListItemText>{translate('layout.userMenu.settings')}</ListItemText>
        </MenuItem>
    );
});
SettingsItem.displayName = 'SettingsItem';

const LanguageItems = forwardRef<HTMLLIElement>((_props, ref) => {
    const [locale, setLocale] = useLocaleState();
    const { onClose } = useUserMenu() ?? { onClose: () => undefined };
    return (
        <>
            {LOCALES.map(l => (
                <MenuItem key={l.locale} ref={ref} selected={l.locale === locale} onClick={() => { onClose(); setLocale(l.locale); }}>
                    <ListItemIcon><Translate fontSize="small" /></ListItemIcon>
                    <ListItemText>{l.name}</ListItemText>
                </MenuItem>
            ))}
        </>
    );
});
LanguageItems.displayName = 'LanguageItems';

/** Log Out goes through /logout, which ends the session on the server too. */
const LogoutItem = forwardRef<HTMLLIElement>((_props, ref) => {
    const navigate = useNavigate();
    const translate = useTranslate();
    return (
        <MenuItem ref={ref} onClick={() => navigate('/logout')}>
            <ListItemIcon><Logout fontSize="small" /></ListItemIcon>
            <ListItemText>{translate('layout.userMenu.logout')}</ListItemText>
        </MenuItem>
    );
});
LogoutItem.displayName = 'LogoutItem';

const InitialsAvatar = () => {
    const { identity } = useGetIdentity();
    return <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'secondary.main' }}>{initials(identity?.fullName)}</Avatar>;
};

/** SPEC 2.4: the user menu with Settings (/users/{id}), the language, and Log Out; initials as the avatar. */
export const AppUserMenu = () => (
    <UserMenu icon={<InitialsAvatar />}>
        <SettingsItem />
        <LanguageItems />
        <LogoutItem />
    </UserMenu>
);
