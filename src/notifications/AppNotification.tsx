import { useEffect, useState } from 'react';
import { Alert, AlertTitle, Box, IconButton, Snackbar, Tooltip, Typography } from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useNotificationContext, useTranslate, type NotificationPayload } from 'react-admin';
import { COPY_TOOLTIP_RESET_MS, ERROR_NOTIFICATION_WIDTH, NOTIFICATION_AUTO_HIDE_MS } from '../../contract/constants';

const RequestId = ({ id }: { id: string }) => {
    const translate = useTranslate();
    const [copied, setCopied] = useState(false);
    const copy = async () => {
        await navigator.clipboard?.writeText(id).catch(() => undefined);
        setCopied(true);
        setTimeout(() => setCopied(false), COPY_TOOLTIP_RESET_MS);
    };
    return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 1 }}>
            <Typography variant="caption" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {translate('notices.requestId')}: {id}
            </Typography>
            <Tooltip title={translate(copied ? 'notices.copied' : 'notices.copy')} open={copied || undefined}>
                <IconButton size="small" aria-label={translate(copied ? 'notices.copied' : 'notices.copy')} onClick={() => void copy()}>
                    <ContentCopy fontSize="inherit" />
                </IconButton>
            </Tooltip>
        </Box>
    );
};

/**
 * SPEC 4.4 and 8.4: error notices stay until closed, 410 wide, with title,
 * description and a copyable request id; others hide after 4.5 s; a second
 * request while one is visible hides the visible one instead.
 */
export const AppNotification = () => {
    const { notifications, takeNotification } = useNotificationContext();
    const translate = useTranslate();
    const [current, setCurrent] = useState<NotificationPayload>();
    const [open, setOpen] = useState(false);

    useEffect(() => {
        if (!notifications.length) return;
        const next = takeNotification();
        if (!next) return;
        if (open) setOpen(false);
        else {
            setCurrent(next);
            setOpen(true);
        }
    }, [notifications, takeNotification, open]);

    if (!current) return null;
    const args = (current.notificationOptions?.messageArgs ?? {}) as { title?: string; description?: string; requestId?: string };
    const isError = current.type === 'error';
    const message = typeof current.message === 'string' ? translate(current.message, { _: current.message, ...args }) : current.message;
    const title = args.title ?? message;
    const close = () => setOpen(false);
    return (
        <Snackbar
            open={open}
            onClose={(_e, reason) => reason !== 'clickaway' && close()}
            autoHideDuration={isError ? null : (current.notificationOptions?.autoHideDuration ?? NOTIFICATION_AUTO_HIDE_MS)}
            anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
            <Alert
                severity={current.type === 'warning' ? 'warning' : isError ? 'error' : current.type === 'success' ? 'success' : 'info'}
                variant="filled"
                onClose={close}
                role={isError ? 'alert' : 'status'}
                sx={{ width: isError ? ERROR_NOTIFICATION_WIDTH : undefined, maxWidth: '100vw' }}
            >
                {args.description || args.requestId ? <AlertTitle>{title}</AlertTitle> : title}
                {args.description && <Typography variant="body2">{args.description}</Typography>}
                {isError && args.requestId && <RequestId id={args.requestId} />}
            </Alert>
        </Snackbar>
    );
};
