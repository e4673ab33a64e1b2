import { useState } from 'react';
import { Alert, Button, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { acceptTerms } from './auth';
import { PublicCard } from './PublicCard';

/** SPEC 2.5 / 4.3: the terms of service, accepted once per user. */
export const TermsStep = ({ onAccepted }: { onAccepted: () => void }) => {
    const translate = useTranslate();
    const queryClient = useQueryClient();
    const [error, setError] = useState<string>();
    const accept = () =>
        acceptTerms(queryClient)
            .then(onAccepted)
            .catch(() => setError(translate('pages.terms.failed')));
    return (
        <PublicCard title={translate('pages.terms.title')} width={560}>
            <Typography color="text.secondary">{translate('pages.terms.intro')}</Typography>
            <Typography
                sx={{ maxHeight: 260, overflow: 'auto', p: 2, bgcolor: 'action.hover', border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
                {translate('pages.terms.body')}
            </Typography>
            {error && <Alert severity="error">{error}</Alert>}
            <Button variant="contained" size="large" onClick={() => void accept()}>
                {translate('pages.terms.accept')}
            </Button>
        </PublicCard>
    );
};
