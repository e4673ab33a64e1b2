import { Box, Button, Typography } from '@mui/material';
import Refresh from '@mui/icons-material/Refresh';
import { useTranslate } from 'react-admin';

/** SPEC 2.5: what a screen shows when its data fails to load. */
export const LoadFailure = ({ onRefresh }: { onRefresh: () => void }) => {
    const translate = useTranslate();
    return (
        <Box role="alert" sx={{ textAlign: 'center', py: 6 }}>
            <Typography sx={{ mb: 2 }}>{translate('layout.failure.text')}</Typography>
            <Button variant="contained" startIcon={<Refresh />} onClick={onRefresh}>
                {translate('layout.failure.refresh')}
            </Button>
        </Box>
    );
};
