import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSession } from '../session/useSession';
import { portalVersion } from './format';

/** SPEC 2.3: the portal version at the foot of the menu. */
export const MenuFooter = () => {
    const session = useSession();
    const translate = useTranslate();
    if (!session) return null;
    return (
        <Box sx={{ px: 2, py: 1.5, mt: 'auto' }}>
            <Typography variant="caption" color="text.secondary" data-testid="portal-version">
                {translate('layout.version', { version: portalVersion(session.platformVersion) })}
            </Typography>
        </Box>
    );
};
