import DeleteIcon from '@mui/icons-material/Delete';
import { Button, useBulkDeleteController, useResourceContext } from 'react-admin';
import { useNotices } from '../notifications/notices';

/**
 * The selected rows' delete where a row's own delete is undoable (UndoableDeleteButton): react-admin's undoable
 * deleteMany, whose notice counts the rows ('3 elements deleted') and offers Undo; the DELETE calls go when it closes.
 * A refusal puts the rows back (those the server did delete go at the next reload) with the SPEC 8.4 notice.
 */
export const UndoableBulkDeleteButton = () => {
    const resource = useResourceContext()!;
    const notices = useNotices();
    const { handleDelete, isPending } = useBulkDeleteController({
        resource,
        mutationMode: 'undoable',
        mutationOptions: { onError: error => notices.deleteFailed(resource, error) },
    });
    return (
        <Button label="ra.action.delete" color="error" onClick={handleDelete} disabled={isPending}>
            <DeleteIcon />
        </Button>
    );
};
