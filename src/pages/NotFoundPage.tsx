import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

/** The not-found page of SPEC 2.2. */
export const NotFoundPage = () => {
    const navigate = useNavigate();
    const translate = useTranslate();
    return (
        <Box sx={{ textAlign: 'center', mt: 10 }}>
            <Typography variant="h1" color="text.secondary" sx={{ fontWeight: 300 }}>
                404
            </Typography>
            <Typography sx={{ my: 2 }}>{translate('pages.notFound.text')}</Typography>
            <Button variant="contained" onClick={() => navigate('/')}>
                {translate('pages.notFound.back')}
            </Button>
        </Box>
    );
};
