import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, Confirm, useDataProvider, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';
import { useNotices } from '../notifications/notices';

/**
 * Deletes the selected rows with one call (DELETE {path} with `body(ids)`,
 * answering {deleted}) after the SPEC 5 confirmation (Delete/Cancel: these
 * deletes cannot be taken back, docs/decisions.md "Deletes: undo or a named
 * confirmation"), and reports with the
 * SPEC 8.4 'Successfully deleted the {resource}'. The texts are i18n keys
 * taking smart_count.
 */
export const BulkDeleteButton = ({
    resource,
    path,
    body,
    ids,
    texts,
    onDone,
}: {
    resource: string;
    path: string;
    body: (ids: number[]) => object;
    ids: number[];
    texts: { title: string; content: string; deleted: string };
    onDone: () => void | Promise<void>;
}) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const [open, setOpen] = useState(false);
    const [busy, setBusy] = useState(false);
    const remove = async () => {
        setBusy(true);
        try {
            const { deleted } = await dataProvider.call<{ deleted: number }>(path, { method: 'DELETE', body: body(ids) });
            notices.deletedMany(resource, deleted, translate(texts.deleted, { smart_count: deleted }));
            await onDone();
        } catch (e) {
            notices.deleteFailed(resource, e);
        } finally {
            setBusy(false);
            setOpen(false);
        }
    };
    return (
        <>
            <Button label="ra.action.delete" color="error" onClick={() => setOpen(true)}>
                <DeleteIcon />
            </Button>
            <Confirm
                isOpen={open}
                loading={busy}
                title={translate(texts.title, { smart_count: ids.length })}
                content={translate(texts.content)}
                confirm="ra.action.delete"
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={() => void remove()}
                onClose={() => setOpen(false)}
            />
        </>
    );
};
