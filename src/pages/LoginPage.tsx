import { useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useLogin, useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';

export const LoginPage = () => {
    const login = useLogin();
    const notify = useNotify();
    const [params] = useSearchParams();
    const [username, setUsername] = useState('');
    const [password, setPassword] = useState('');
    const submit = (e: FormEvent) => {
        e.preventDefault();
        login({ username, password }, params.get('redirect_url') ?? '/').catch((error: { status?: number }) =>
            notify(error?.status === 422 ? 'Incorrect authentication credentials' : 'Error during login', { type: 'error' }),
        );
    };
    return (
        <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100' }}>
            <Card sx={{ width: 360 }} component="form" onSubmit={submit}>
                <CardContent sx={{ display: 'grid', gap: 2 }}>
                    <Typography variant="h5">Access Console</Typography>
                    <TextField label="Email" value={username} onChange={e => setUsername(e.target.value)} autoFocus />
                    <TextField label="Password" type="password" value={password} onChange={e => setPassword(e.target.value)} />
                    <Button type="submit" variant="contained">
                        Sign in
                    </Button>
                </CardContent>
            </Card>
        </Box>
    );
};
