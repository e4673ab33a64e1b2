import { zodResolver } from '@hookform/resolvers/zod';
import { Box } from '@mui/material';
import {
    AutocompleteInput,
    CreateBase,
    EditBase,
    SaveButton,
    TextInput,
    Toolbar,
    useGetList,
    useRecordContext,
    useTranslate,
    type Identifier,
} from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { PICKER_DEBOUNCE_MS, PICKER_PAGE_SIZE } from '../../../contract/constants';
import type { DeviceRecord } from '../../../contract/devices';
import { readerInput, type ReaderRecord } from '../../../contract/readers';
import { ConfirmDeleteButton } from '../../lists/ConfirmDeleteButton';
import { useNotices } from '../../notifications/notices';
import { FieldErrorsForm } from '../../layout/FieldErrorsForm';

/** Only what the server takes; an empty device unlinks. */
export const readerBody = (data: Record<string, unknown>) => ({ description: data.description, hardware_id: data.hardware_id || null });

/**
 * The account's devices to link the reader to, by hardware_id (SPEC 3
 * Reader); a device another reader already serves is shown but cannot be
 * chosen (one reader per device).
 */
const DevicePicker = ({ accountId }: { accountId?: number }) => {
    const translate = useTranslate();
    const record = useRecordContext<ReaderRecord>();
    const { data = [], isPending } = useGetList<DeviceRecord>('devices', {
        pagination: { page: 1, perPage: PICKER_PAGE_SIZE },
        sort: { field: 'description', order: 'ASC' },
        filter: accountId ? { account_id: accountId } : {},
    });
    const choices = data
        .filter(d => d.status !== 'rejected')
        .map(d => {
            const taken = d.reader && d.reader.id !== record?.id ? d.reader : null;
            return {
                id: d.hardware_id,
                name: `${d.description || d.hardware_id} (${d.hardware_id})${taken ? ` · ${translate('resources.readers.takenBy', { reader: taken.description })}` : ''}`,
                disabled: !!taken,
            };
        });
    return (
        <AutocompleteInput
            source="hardware_id"
            choices={choices}
            getOptionDisabled={choice => !!(choice as { disabled?: boolean }).disabled}
            isPending={isPending}
            debounce={PICKER_DEBOUNCE_MS}
            helperText="resources.readers.pickerHelp"
            emptyText="resources.readers.notLinked"
            fullWidth
        />
    );
};

const ReaderFields = ({ mode, onDone }: { mode: 'create' | 'edit'; onDone: () => void }) => {
    const translate = useTranslate();
    const record = useRecordContext<ReaderRecord>();
    return (
        <FieldErrorsForm
            resolver={zodResolver(readerInput)}
            defaultValues={mode === 'create' ? { description: '', hardware_id: null } : undefined}
            toolbar={
                <Toolbar sx={{ justifyContent: 'space-between' }}>
                    <SaveButton
                        label={mode === 'create' ? translate('resources.readers.create') : 'ra.action.save'}
                        alwaysEnable={mode === 'create'}
                    />
                    {mode === 'edit' && <ConfirmDeleteButton onDeleted={onDone} />}
                </Toolbar>
            }
        >
            <TextInput source="description" autoComplete="off" fullWidth />
            <DevicePicker accountId={record?.account_id} />
        </FieldErrorsForm>
    );
};

/** SPEC 2.6 'a reader form' in the quick-view drawer: create, rename, link to a device, delete. */
export const ReaderDrawerForm = ({ id, onDone }: { id?: Identifier; onDone: () => void }) => {
    const notices = useNotices();
    const queryClient = useQueryClient();
    // The device list shows which reader each device serves: refresh it along with the readers.
    const changed = () => void queryClient.invalidateQueries({ queryKey: ['devices'] });
    if (id === undefined)
        return (
            <Box>
                <CreateBase
                    resource="readers"
                    redirect={false}
                    transform={readerBody}
                    mutationOptions={{
                        onSuccess: (data: { id: Identifier }) => {
                            notices.created(data.id);
                            changed();
                            onDone();
                        },
                        onError: e => notices.createFailed('readers', e),
                    }}
                >
                    <ReaderFields mode="create" onDone={onDone} />
                </CreateBase>
            </Box>
        );
    return (
        <EditBase
            resource="readers"
            id={id}
            redirect={false}
            mutationMode="pessimistic"
            transform={readerBody}
            mutationOptions={{
                onSuccess: () => {
                    notices.modified('readers');
                    changed();
                    onDone();
                },
                onError: e => notices.modifyFailed('readers', e),
            }}
        >
            <ReaderFields mode="edit" onDone={onDone} />
        </EditBase>
    );
};
