import { Box, Button, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';

export const NotFoundPage = () => {
    const navigate = useNavigate();
    return (
        <Box sx={{ textAlign: 'center', mt: 8 }}>
            <Typography variant="h1" color="text.secondary">404</Typography>
            <Typography sx={{ my: 2 }}>Sorry, the page you visited does not exist.</Typography>
            <Button variant="contained" onClick={() => navigate('/')}>Back home</Button>
        </Box>
    );
};
