import DeleteIcon from '@mui/icons-material/Delete';
import { Tooltip } from '@mui/material';
import { Button, useDeleteController, useRecordContext, useResourceContext } from 'react-admin';
import { useNotices } from '../notifications/notices';

/**
 * A delete the client can take back (docs/decisions.md "Deletes: undo or a named confirmation"): react-admin's
 * undoable mode. The row leaves the lists at once and react-admin's undo notice shows; DELETE is sent only when the
 * notice closes, never if Undo is clicked, so nothing is asked first. A refusal then puts the row back and shows the
 * SPEC 8.4 notice with the server's reason. `onDeleted` runs once the server has answered.
 */
export const UndoableDeleteButton = ({
    redirect,
    onDeleted,
    disabled,
    tooltip,
}: {
    redirect?: string;
    onDeleted?: () => void;
    disabled?: boolean;
    tooltip?: string;
}) => {
    const record = useRecordContext();
    const resource = useResourceContext()!;
    const notices = useNotices();
    const { handleDelete, isPending } = useDeleteController({
        record,
        resource,
        mutationMode: 'undoable',
        redirect: redirect ?? false,
        mutationOptions: {
            onError: error => notices.deleteFailed(resource, error),
            onSettled: () => onDeleted?.(),
        },
    });
    if (!record) return null;
    return (
        // A disabled button gets no pointer events: the tooltip hangs on a wrapper so it still shows (SPEC 5 default access group).
        <Tooltip title={tooltip ?? ''}>
            <span>
                <Button label="ra.action.delete" color="error" onClick={handleDelete} disabled={disabled || isPending}>
                    <DeleteIcon />
                </Button>
            </span>
        </Tooltip>
    );
};
