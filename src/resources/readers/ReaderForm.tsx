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
import { CreatesIn, inAccount, useCreateAccount, type CreateAccount } from '../../lists/createsIn';

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

const ReaderFields = ({ mode, onDone, account }: { mode: 'create' | 'edit'; onDone: () => void; account?: CreateAccount }) => {
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
            {mode === 'create' && <CreatesIn account={account} text="resources.readers.createsIn" />}
            <TextInput source="description" autoComplete="off" fullWidth />
            <DevicePicker accountId={mode === 'create' ? account?.id : record?.account_id} />
        </FieldErrorsForm>
    );
};

/** The device list shows which reader each device serves: refresh it along with the readers. */
const useDevicesChanged = () => {
    const queryClient = useQueryClient();
    return () => void queryClient.invalidateQueries({ queryKey: ['devices'] });
};

/** A new reader, in the account of the list's `accountFilter` (see useCreateAccount). */
const ReaderCreate = ({ onDone, accountFilter }: { onDone: () => void; accountFilter?: string }) => {
    const notices = useNotices();
    const changed = useDevicesChanged();
    const account = useCreateAccount(accountFilter);
    return (
        <Box>
            <CreateBase
                resource="readers"
                redirect={false}
                transform={data => inAccount(readerBody(data), account)}
                mutationOptions={{
                    onSuccess: (data: { id: Identifier }) => {
                        notices.created(data.id);
                        changed();
                        onDone();
                    },
                    onError: e => notices.createFailed('readers', e),
                }}
            >
                <ReaderFields mode="create" onDone={onDone} account={account} />
            </CreateBase>
        </Box>
    );
};

/** SPEC 2.6 'a reader form' in the quick-view drawer: create (see ReaderCreate), rename, link to a device, delete. */
export const ReaderDrawerForm = ({ id, onDone, accountFilter }: { id?: Identifier; onDone: () => void; accountFilter?: string }) => {
    const notices = useNotices();
    const changed = useDevicesChanged();
    if (id === undefined) return <ReaderCreate onDone={onDone} accountFilter={accountFilter} />;
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
