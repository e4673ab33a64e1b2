import { useState } from 'react';
import { Box, Collapse, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Menu, useSidebarState, useTranslate } from 'react-admin';
import { isMenuGroup, visibleMenu, type MenuGroup, type MenuItem } from '../../contract/menu';
import { accountsRouteRedirects } from '../../contract/routes';
import type { Session } from '../authProvider/session';
import { implementedRoutes } from '../plugins/rights';
import { useSession } from '../session/useSession';
import { MenuFooter } from './Footer';
import { MenuIcon } from './menuIcons';

/** SPEC 2.3: the accounts entry reads 'Account Settings' when the route shows the user's own account. */
const label = (item: MenuItem, session: Session) =>
    item.key === 'accounts' && accountsRouteRedirects(session.flags, session.ownAccountId, session.currentAccountId) ? 'menu.accountSettings' : item.title;

const Entry = ({ item, session }: { item: MenuItem; session: Session }) => {
    const translate = useTranslate();
    const text = translate(label(item, session));
    // The label is drawn as a paragraph, which gives the menu item no accessible name: name it.
    return <Menu.Item to={item.to} primaryText={text} aria-label={text} leftIcon={<MenuIcon name={item.icon} />} />;
};

const Group = ({ group, session }: { group: MenuGroup; session: Session }) => {
    const translate = useTranslate();
    const [sidebarOpen] = useSidebarState();
    const [open, setOpen] = useState(true);
    return (
        <Box component="li" sx={{ listStyle: 'none' }}>
            <ListItemButton onClick={() => setOpen(o => !o)} aria-expanded={open} sx={{ py: 0.75 }}>
                <ListItemIcon sx={{ minWidth: 40 }}>
                    <MenuIcon name={group.icon} />
                </ListItemIcon>
                {sidebarOpen && <ListItemText primary={translate(group.title)} slotProps={{ primary: { variant: 'body2', sx: { fontWeight: 600 } } }} />}
                {sidebarOpen && (open ? <ExpandLess /> : <ExpandMore />)}
            </ListItemButton>
            <Collapse in={open} unmountOnExit>
                <List disablePadding sx={{ pl: sidebarOpen ? 1.5 : 0 }} aria-label={translate(group.title)}>
                    {group.items.map(item => (
                        <Entry key={item.key} item={item} session={session} />
                    ))}
                </List>
            </Collapse>
        </Box>
    );
};

/** SPEC 2.3: the grouped side menu; a group with no visible child is hidden; the version at its foot. */
export const AppMenu = () => {
    const session = useSession();
    if (!session) return <Menu />;
    return (
        <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 'calc(100vh - 64px)' }}>
            <Menu>
                {visibleMenu(session.flags, implementedRoutes()).map((entry: MenuItem | MenuGroup) =>
                    isMenuGroup(entry) ? <Group key={entry.key} group={entry} session={session} /> : <Entry key={entry.key} item={entry} session={session} />,
                )}
            </Menu>
            <MenuFooter />
        </Box>
    );
};
