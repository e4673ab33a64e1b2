import { useEffect, type ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { BrandMark } from '../layout/BrandMark';
import { wearHostBrand } from '../session/brand';

/** The centered card every public screen sits in. */
export const PublicCard = ({ title, children, width = 400 }: { title: string; children: ReactNode; width?: number }) => {
    // before anyone signs in, or once signed out: the brand of the host name the page was reached by
    useEffect(() => void wearHostBrand(), []);
    return (
        <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}>
            <Card sx={{ width, maxWidth: '100%' }} elevation={3}>
                <CardContent sx={{ display: 'grid', gap: 2, p: 4 }}>
                    <BrandMark sx={{ color: 'primary.main' }} />
                    <Typography variant="h5" component="h1">
                        {title}
                    </Typography>
                    {children}
                </CardContent>
            </Card>
        </Box>
    );
};

/** The success tick of SPEC 4.5 (shown for SUCCESS_TICK_MS after a 204). */
export { default as SuccessTick } from '@mui/icons-material/CheckCircle';
