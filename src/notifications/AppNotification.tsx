import { isValidElement, useCallback, useEffect, useRef, useState } from 'react';
import { Alert, AlertTitle, Box, Button, IconButton, Snackbar, Tooltip, Typography } from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import {
    CloseNotificationContext,
    useNotificationContext,
    useTakeUndoableMutation,
    useTranslate,
    type NotificationPayload,
} from 'react-admin';
import { COPY_TOOLTIP_RESET_MS, ERROR_NOTIFICATION_WIDTH, NOTIFICATION_AUTO_HIDE_MS } from '../../contract/constants';
import type { NoticeDetails } from './notices';

/** The request id with its copy button: the tooltip reads 'copy', then 'copied' for 1 s (SPEC 8.4). */
const RequestId = ({ id }: { id: string }) => {
    const translate = useTranslate();
    const [copied, setCopied] = useState(false);
    const [hover, setHover] = useState(false);
    const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
    useEffect(() => () => clearTimeout(timer.current), []);
    const copy = async () => {
        await navigator.clipboard?.writeText(id).catch(() => undefined);
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), COPY_TOOLTIP_RESET_MS);
    };
    const tip = translate(copied ? 'notices.copied' : 'notices.copy');
    return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 1 }}>
            <Typography variant="caption" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {translate('notices.requestId')}: {id}
            </Typography>
            <Tooltip title={tip} open={copied || hover} onOpen={() => setHover(true)} onClose={() => setHover(false)}>
                <IconButton size="small" color="inherit" aria-label={tip} onClick={() => void copy()}>
                    <ContentCopy fontSize="inherit" />
                </IconButton>
            </Tooltip>
        </Box>
    );
};

const SEVERITY = { error: 'error', warning: 'warning', success: 'success', info: 'info' } as const;

/** What a queued notification draws: a useNotices() notice (details in messageArgs) or a plain react-admin one. */
const Content = ({ notification }: { notification: NotificationPayload }) => {
    const translate = useTranslate();
    const args = (notification.notificationOptions?.messageArgs ?? {}) as Partial<NoticeDetails> & Record<string, unknown>;
    const { message } = notification;
    if (typeof message !== 'string') return isValidElement(message) ? <div>{message}</div> : null;
    // Plain notices ('ra.notification.updated', with smart_count…) are translated with their own args.
    const title = args.title ?? translate(message, { _: message, ...args });
    const detailed = !!(args.description || args.requestId);
    return (
        <>
            {detailed ? <AlertTitle>{title}</AlertTitle> : title}
            {args.description && (
                <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
                    {args.description}
                </Typography>
            )}
            {notification.type === 'error' && args.requestId && <RequestId id={args.requestId} />}
        </>
    );
};

/**
 * react-admin's notification queue drawn as SPEC 4.4 and 8.4 say: error
 * notices stay until closed, 410 wide, with title, description and a
 * copyable request id; the others hide after 4.5 s; a second request while one
 * is visible hides the visible one instead of stacking (docs/decisions.md).
 * Undoable notices keep react-admin's contract: Undo, or commit when hidden.
 */
export const AppNotification = () => {
    const { notifications, takeNotification } = useNotificationContext();
    const takeMutation = useTakeUndoableMutation();
    const translate = useTranslate();
    const [current, setCurrent] = useState<NotificationPayload>();
    const [open, setOpen] = useState(false);
    // an undoable request that arrived while another was visible: shown next, never dropped
    const pending = useRef<NotificationPayload>(undefined);

    useEffect(() => {
        if (!notifications.length) return;
        if (open) {
            const next = takeNotification();
            if (next?.notificationOptions?.undoable) pending.current = next;
            setOpen(false);
        } else if (!current) {
            const next = takeNotification();
            if (next) {
                setCurrent(next);
                setOpen(true);
            }
        }
    }, [notifications, takeNotification, open, current]);

    const close = useCallback(() => setOpen(false), []);

    /** Once hidden: an undoable change not undone is committed, then the next notice may show. */
    const exited = useCallback(() => {
        if (current?.notificationOptions?.undoable) takeMutation()?.({ isUndo: false });
        const next = pending.current;
        pending.current = undefined;
        setCurrent(next);
        setOpen(!!next);
    }, [current, takeMutation]);

    const undo = () => {
        takeMutation()?.({ isUndo: true });
        // already settled: hiding must not commit it again
        setCurrent(c => (c ? { ...c, notificationOptions: { ...c.notificationOptions, undoable: false } } : c));
        setOpen(false);
    };

    if (!current) return null;
    const options = current.notificationOptions ?? {};
    const isError = current.type === 'error';
    const autoHide = isError ? null : options.autoHideDuration === undefined ? NOTIFICATION_AUTO_HIDE_MS : options.autoHideDuration;
    return (
        <CloseNotificationContext.Provider value={close}>
            <Snackbar
                open={open}
                onClose={(_e, reason) => reason !== 'clickaway' && close()}
                autoHideDuration={autoHide}
                disableWindowBlurListener={!!options.undoable}
                anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
                slotProps={{ transition: { onExited: exited } }}
            >
                <Alert
                    severity={SEVERITY[current.type ?? 'info']}
                    variant="filled"
                    onClose={close}
                    role={isError ? 'alert' : 'status'}
                    closeText={translate('notices.close')}
                    action={
                        options.undoable ? (
                            <Button color="inherit" size="small" onClick={undo}>
                                {translate('ra.action.undo')}
                            </Button>
                        ) : undefined
                    }
                    sx={{ width: isError ? ERROR_NOTIFICATION_WIDTH : undefined, maxWidth: 'calc(100vw - 16px)', boxSizing: 'border-box' }}
                >
                    <Content notification={current} />
                </Alert>
            </Snackbar>
        </CloseNotificationContext.Provider>
    );
};
