import { Alert, AlertTitle, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { requestIdOf } from '../../dataProvider/http';
import { serverText } from '../../notifications/notices';

/** A refused call in the server's words, with its request id; `fallback` (an i18n key) when no answer came. */
export const ServerProblem = ({ title, error, fallback }: { title: string; error: unknown; fallback: string }) => {
    const translate = useTranslate();
    const status = (error as { status?: number }).status;
    const requestId = requestIdOf(error);
    return (
        <Alert severity="error" role="alert">
            <AlertTitle>{translate(title)}</AlertTitle>
            {status ? serverText(error) : translate(fallback)}
            {requestId && (
                <Typography variant="caption" component="div" sx={{ fontFamily: 'monospace', mt: 0.5 }}>
                    {translate('notices.requestId')}: {requestId}
                </Typography>
            )}
        </Alert>
    );
};
