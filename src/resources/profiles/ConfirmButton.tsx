import { useState, type ReactElement } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import { Confirm, useTranslate } from 'react-admin';

export interface ConfirmProps {
    /** the dialog's title and text: i18n keys or texts already translated */
    title: string;
    content: string;
    /** the act is under way: the dialog shows it */
    pending?: boolean;
    /** acts once OK is pressed; `close` closes the dialog, once the act is over */
    onConfirm: (close: () => void) => void;
}

/** A destructive act asks OK / Cancel first (SPEC 5): `button(open)` is what opens the dialog. */
export const ConfirmFirst = ({
    button,
    title,
    content,
    pending,
    onConfirm,
}: ConfirmProps & { button: (open: () => void) => ReactElement }) => {
    const [open, setOpen] = useState(false);
    const close = () => setOpen(false);
    return (
        <>
            {button(() => setOpen(true))}
            <Confirm
                isOpen={open}
                loading={pending}
                title={title}
                content={content}
                confirm="app.ok"
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={() => onConfirm(close)}
                onClose={close}
            />
        </>
    );
};

/** The icon button of a row (delete by default) named by `label` (an i18n key), asking first. */
export const ConfirmIconButton = ({
    label,
    icon = <Delete fontSize="small" />,
    size = 'small',
    ...confirm
}: ConfirmProps & { label: string; icon?: ReactElement; size?: 'small' | 'medium' }) => {
    const translate = useTranslate();
    return (
        <ConfirmFirst
            {...confirm}
            button={open => (
                <Tooltip title={translate(label)}>
                    <IconButton aria-label={translate(label)} size={size} onClick={open}>
                        {icon}
                    </IconButton>
                </Tooltip>
            )}
        />
    );
};
