import { memo, useEffect } from 'react';
import { Box, Collapse, List, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Menu, useSidebarState, useStore, useTranslate } from 'react-admin';
import { matchPath, useLocation } from 'react-router-dom';
import { IMPLEMENTED_SCREENS, isMenuGroup, visibleMenu, type MenuGroup, type MenuItem } from '../../contract/menu';
import { accountsRouteRedirects } from '../../contract/routes';
import type { Session } from '../session/session';
import { useSession } from '../session/useSession';
import { MenuFooter } from './Footer';
import { MenuIcon } from './menuIcons';

/** SPEC 2.3: the accounts entry reads 'Account Settings' when the route shows the current account's own page. */
export const menuLabel = (item: MenuItem, session: Session) =>
    item.key === 'accounts' && accountsRouteRedirects(session.flags, session.ownAccountId, session.currentAccountId)
        ? 'menu.accountSettings'
        : item.title;

const isActive = (item: MenuItem, pathname: string) =>
    item.to === '/' ? pathname === '/' : !!matchPath({ path: item.to, end: false }, pathname);

const Entry = ({ item, session }: { item: MenuItem; session: Session }) => {
    const translate = useTranslate();
    const [sidebarOpen] = useSidebarState();
    const text = translate(menuLabel(item, session));
    // The label is drawn as a paragraph, which gives the menu item no accessible name: name it.
    // A label longer than the open sidebar wraps, as the group titles do, rather than losing its end. Folded to
    // its icons, the hidden label stays on one line: Japanese breaks between any two characters, and a label
    // wrapped in the narrow rail would make its entry many lines tall.
    return (
        <Menu.Item
            to={item.to}
            primaryText={text}
            aria-label={text}
            leftIcon={<MenuIcon entry={item.key} />}
            sx={sidebarOpen ? { '& .MuiTypography-noWrap': { whiteSpace: 'normal' } } : undefined}
        />
    );
};

/** A collapsible group; its open state is remembered, and it opens by itself when one of its screens is shown. */
const Group = ({ group, session }: { group: MenuGroup; session: Session }) => {
    const translate = useTranslate();
    const [sidebarOpen] = useSidebarState();
    const { pathname } = useLocation();
    const [stored, setOpen] = useStore<boolean>(`menu.group.${group.key}`, true);
    const holdsActive = group.items.some(item => isActive(item, pathname));
    // Opens when one of its screens is reached (a link, the back button); the user may still fold it.
    useEffect(() => {
        if (holdsActive) setOpen(true);
    }, [holdsActive, pathname, setOpen]);
    const open = stored;
    const title = translate(group.title);
    const header = (
        <ListItemButton
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            aria-label={title}
            sx={{ py: 0.75, color: holdsActive ? 'primary.main' : 'text.secondary' }}
        >
            <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
                <MenuIcon group={group.icon} />
            </ListItemIcon>
            {sidebarOpen && <ListItemText primary={title} slotProps={{ primary: { variant: 'body2', sx: { fontWeight: 600 } } }} />}
            {sidebarOpen && (open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />)}
        </ListItemButton>
    );
    return (
        <Box component="li" sx={{ listStyle: 'none' }}>
            {sidebarOpen ? (
                header
            ) : (
                <Tooltip title={title} placement="right">
                    {header}
                </Tooltip>
            )}
            <Collapse in={open} unmountOnExit>
                <List disablePadding sx={{ pl: sidebarOpen ? 1.5 : 0 }} aria-label={title}>
                    {group.items.map(item => (
                        <Entry key={item.key} item={item} session={session} />
                    ))}
                </List>
            </Collapse>
        </Box>
    );
};

/**
 * SPEC 2.3: the side menu in its groups, only with the screens this session
 * may open and the console has; a group with no visible child is hidden; the
 * portal version at its foot.
 */
// memo: react-admin renders the layout again each time it registers its resources, and the menu has not changed
export const AppMenu = memo(() => {
    const session = useSession();
    // No entries until the session says which: react-admin's Menu without children would list every resource for a moment.
    if (!session) return <Menu>{[]}</Menu>;
    return (
        <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 'calc(100vh - 64px)' }}>
            <Menu>
                {visibleMenu(session.flags, IMPLEMENTED_SCREENS).map((entry: MenuItem | MenuGroup) =>
                    isMenuGroup(entry) ? (
                        <Group key={entry.key} group={entry} session={session} />
                    ) : (
                        <Entry key={entry.key} item={entry} session={session} />
                    ),
                )}
            </Menu>
            <MenuFooter />
        </Box>
    );
});
