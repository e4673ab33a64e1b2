import { Menu, usePermissions, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { isMenuGroup, visibleMenu } from '../../contract/menu';
import type { Session } from '../authProvider/session';
import { implementedRoutes } from '../plugins/rights';
import { MenuIcon } from './menuIcons';

/** SPEC 2.3: the grouped side menu; a group with no visible child is hidden. */
export const AppMenu = () => {
    const { permissions } = usePermissions<Session>();
    const translate = useTranslate();
    if (!permissions) return <Menu />;
    return (
        <Menu>
            {visibleMenu(permissions.flags, implementedRoutes).map(entry =>
                isMenuGroup(entry) ? (
                    <Box key={entry.key} component="li" sx={{ listStyle: 'none' }}>
                        <Typography variant="overline" sx={{ px: 2, pt: 1.5, display: 'block', color: 'text.secondary' }}>
                            {translate(entry.title)}
                        </Typography>
                        <Box component="ul" sx={{ p: 0, m: 0 }}>
                            {entry.items.map(item => (
                                <Menu.Item key={item.key} to={item.to} primaryText={translate(item.title)} leftIcon={<MenuIcon name={item.icon} />} />
                            ))}
                        </Box>
                    </Box>
                ) : (
                    <Menu.Item key={entry.key} to={entry.to} primaryText={translate(entry.title)} leftIcon={<MenuIcon name={entry.icon} />} />
                ),
            )}
        </Menu>
    );
};
