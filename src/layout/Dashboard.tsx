import { Card, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';

export const Dashboard = () => {
    const { identity } = useGetIdentity();
    const translate = useTranslate();
    return (
        <Card sx={{ mt: 2 }}>
            <Title title={translate('menu.dashboard')} />
            <CardContent>
                <Typography variant="h5">{identity?.fullName}</Typography>
            </CardContent>
        </Card>
    );
};
