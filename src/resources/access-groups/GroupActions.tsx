import { Box } from '@mui/material';
import Star from '@mui/icons-material/Star';
import Edit from '@mui/icons-material/Edit';
import { Button, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import type { AccessGroupRecord } from '../../../contract/access-groups';
import { useQuickView } from '../../components/quickView';
import { UndoableDeleteButton } from '../../lists/UndoableDeleteButton';
import { useNotices } from '../../notifications/notices';
import { AccessGroupDrawerForm, useRefreshAccessGroups } from './AccessGroupForm';

/** Makes the group the account's default; the server takes it from the previous default in the same transaction. */
export const MakeDefaultButton = () => {
    const record = useRecordContext<AccessGroupRecord>();
    const notices = useNotices();
    const refresh = useRefreshAccessGroups();
    const [update, { isPending }] = useUpdate();
    if (!record || record.default_group) return null;
    const makeDefault = () =>
        update(
            'access_groups',
            { id: record.id, data: { description: record.description, default_group: true }, previousData: record },
            {
                mutationMode: 'pessimistic',
                onSuccess: () => {
                    notices.modified('access_groups');
                    refresh();
                },
                onError: e => notices.modifyFailed('access_groups', e),
            },
        );
    return (
        <Button label="resources.access_groups.makeDefault" onClick={makeDefault} disabled={isPending}>
            <Star />
        </Button>
    );
};

export const EditGroupButton = () => {
    const record = useRecordContext<AccessGroupRecord>();
    const translate = useTranslate();
    const { open, close } = useQuickView();
    if (!record) return null;
    const title = translate('resources.access_groups.edit');
    return (
        <Button label="ra.action.edit" onClick={() => open(title, <AccessGroupDrawerForm id={record.id} onDone={close} />)}>
            <Edit />
        </Button>
    );
};

/**
 * An undoable delete (docs/decisions.md "Deletes: undo or a named confirmation"); a group still in use comes back
 * with the server's reason. SPEC 5: the default group's delete control is disabled and says to choose another default first.
 */
export const DeleteGroupButton = ({ redirect }: { redirect?: string }) => {
    const record = useRecordContext<AccessGroupRecord>();
    const translate = useTranslate();
    const refresh = useRefreshAccessGroups();
    if (!record) return null;
    return (
        <UndoableDeleteButton
            redirect={redirect}
            onDeleted={refresh}
            disabled={record.default_group}
            tooltip={record.default_group ? translate('resources.access_groups.defaultDeleteTooltip') : undefined}
        />
    );
};

/** The row's controls; clicks stay here and do not open the row. */
export const GroupRowActions = () => (
    <Box onClick={e => e.stopPropagation()} sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>
        <MakeDefaultButton />
        <EditGroupButton />
        <DeleteGroupButton />
    </Box>
);
