import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import { Tooltip } from '@mui/material';
import { Button, Confirm, useDelete, useRecordContext, useRedirect, useResourceContext, useTranslate } from 'react-admin';
import { useNotices } from '../notifications/notices';
import { deleteTitle, recordName } from './deleteTitle';

/**
 * A delete the client cannot take back (it cascades, or the server may refuse it with a reason): it asks first,
 * naming the row, with Delete / Cancel (SPEC 5; docs/decisions.md "Deletes: undo or a named confirmation"), and
 * reports with the SPEC 8.4 texts. `name` is what the title calls the row when its name or description does not say it.
 */
export const ConfirmDeleteButton = ({
    redirect,
    onDeleted,
    disabled,
    tooltip,
    name,
}: {
    redirect?: string;
    onDeleted?: () => void;
    disabled?: boolean;
    tooltip?: string;
    name?: string;
}) => {
    const record = useRecordContext();
    const resource = useResourceContext()!;
    const translate = useTranslate();
    const notices = useNotices();
    const goTo = useRedirect();
    const [open, setOpen] = useState(false);
    const [remove, { isPending }] = useDelete();
    if (!record) return null;
    const confirm = () =>
        remove(
            resource,
            { id: record.id, previousData: record },
            {
                mutationMode: 'pessimistic',
                onSuccess: () => {
                    setOpen(false);
                    notices.deleted(resource, record.id);
                    onDeleted?.();
                    if (redirect) goTo(redirect);
                },
                onError: error => {
                    setOpen(false);
                    notices.deleteFailed(resource, error);
                },
            },
        );
    return (
        <>
            {/* A disabled button gets no pointer events: the tooltip hangs on a wrapper so it still shows (SPEC 5 default access group). */}
            <Tooltip title={tooltip ?? ''}>
                <span>
                    <Button label="ra.action.delete" color="error" onClick={() => setOpen(true)} disabled={disabled}>
                        <DeleteIcon />
                    </Button>
                </span>
            </Tooltip>
            <Confirm
                isOpen={open}
                loading={isPending}
                title={deleteTitle(translate, resource, name ?? recordName(record))}
                content={translate('app.confirmDelete.content')}
                confirm="ra.action.delete"
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={confirm}
                onClose={() => setOpen(false)}
            />
        </>
    );
};
