import { useState } from 'react';
import { Button } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, useDataProvider, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';
import { useNotices } from '../notifications/notices';
import { deleteTitle } from './deleteTitle';

/**
 * Deleting a row of an account's section (card formats, firmware keys), which
 * cannot be taken back: Delete/Cancel first, naming the row (SPEC 5;
 * docs/decisions.md "Deletes: undo or a named confirmation"), then DELETE
 * /<resource>/{id} in that account, with SPEC 8.4's notices. `button(row)`
 * opens the confirmation; render `dialog` once.
 */
export const useConfirmedDelete = <T extends { id: number; name: string }>(
    resource: string,
    accountId: number,
    warning: string,
    onDeleted: () => void,
) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const [doomed, setDoomed] = useState<T>();
    const remove = async () => {
        if (!doomed) return;
        try {
            await dataProvider.call(`/${resource}/${doomed.id}`, { method: 'DELETE', body: { account_id: accountId } });
            notices.deleted(resource, doomed.id);
            onDeleted();
        } catch (e) {
            notices.deleteFailed(resource, e);
        }
        setDoomed(undefined);
    };
    const dialog = (
        <Confirm
            isOpen={!!doomed}
            title={deleteTitle(translate, resource, doomed?.name ?? '')}
            content={warning}
            confirm="ra.action.delete"
            cancel="ra.action.cancel"
            confirmColor="warning"
            onConfirm={() => void remove()}
            onClose={() => setDoomed(undefined)}
        />
    );
    const button = (row: T) => (
        <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setDoomed(row)}>
            {translate('ra.action.delete')}
        </Button>
    );
    return { button, dialog };
};
