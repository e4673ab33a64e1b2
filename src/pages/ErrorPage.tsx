import { Box, Button, Typography } from '@mui/material';

export const ErrorPage = ({ error }: { error?: Error }) => (
    <Box sx={{ textAlign: 'center', mt: 8 }}>
        <Typography variant="h5">Something went wrong</Typography>
        <Typography sx={{ my: 2 }} color="text.secondary">{error?.message}</Typography>
        <Button variant="contained" onClick={() => window.location.assign('/')}>Back home</Button>
    </Box>
);
