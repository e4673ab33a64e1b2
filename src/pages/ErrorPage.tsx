import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The error screen: /error, and the fallback for route errors (react-admin's `error`). */
export const ErrorPage = ({ error, resetErrorBoundary }: { error?: Error; resetErrorBoundary?: (...args: unknown[]) => void }) => {
    const translate = useTranslate();
    return (
        <Box sx={{ textAlign: 'center', mt: 10, px: 2 }}>
            <Typography variant="h5" component="h1">
                {translate('pages.error.title')}
            </Typography>
            <Typography sx={{ my: 2 }} color="text.secondary">
                {translate('pages.error.text')}
            </Typography>
            {error?.message && (
                <Typography variant="body2" sx={{ mb: 2, fontFamily: 'monospace' }} color="text.secondary">
                    {error.message}
                </Typography>
            )}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
                {resetErrorBoundary && <Button onClick={() => resetErrorBoundary()}>{translate('pages.error.retry')}</Button>}
                <Button variant="contained" onClick={() => window.location.assign('/')}>
                    {translate('pages.error.back')}
                </Button>
            </Stack>
        </Box>
    );
};
