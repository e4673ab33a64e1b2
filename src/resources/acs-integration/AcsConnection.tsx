import { useState } from 'react';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';
import type { AcsIntegrationRecord } from '../../../contract/acsIntegration';
import { formatDate } from '../../i18n/format';
import { useNotices } from '../../notifications/notices';
import { T, statusOf, useCallFailed, useConnectionCalls } from './acsQueries';
import { ConnectionFields } from './ConnectionFields';
import { EMPTY_CONNECTION, fromRecord, refusedFields, type ConnectionForm } from './connectionForm';
import { Heading } from './Heading';

/** What a test or a synchronisation found, shown under the form. */
interface Result {
    ok: boolean;
    text: string;
}

interface ButtonsProps {
    saved: boolean;
    testing: boolean;
    syncing: boolean;
    onTest: () => void;
    onSave: () => void;
    onSync: () => void;
    onRemove: () => void;
}

/** Test, save, and for a saved integration synchronise now and delete (after a confirmation). */
const ConnectionButtons = ({ saved, testing, syncing, onTest, onSave, onSync, onRemove }: ButtonsProps) => {
    const translate = useTranslate();
    const [confirming, setConfirming] = useState(false);
    return (
        <>
            <Stack direction="row" spacing={2}>
                <Button variant="outlined" disabled={testing} onClick={onTest}>
                    {translate(`${T}.test`)}
                </Button>
                <Button variant="contained" onClick={onSave}>
                    {translate('ra.action.save')}
                </Button>
                {saved && (
                    <Button variant="outlined" disabled={syncing} onClick={onSync}>
                        {translate(`${T}.syncNow`)}
                    </Button>
                )}
                {saved && (
                    <Button color="error" onClick={() => setConfirming(true)}>
                        {translate('ra.action.delete')}
                    </Button>
                )}
            </Stack>
            <Confirm
                isOpen={confirming}
                title={translate(`${T}.confirmDeleteTitle`)}
                content={translate(`${T}.confirmDelete`)}
                onConfirm={() => {
                    setConfirming(false);
                    onRemove();
                }}
                onClose={() => setConfirming(false)}
            />
        </>
    );
};

/**
 * The connection: provider, address, credentials (the password write-only),
 * schedule; test, save, synchronise, delete. A refusal the user can fix (a
 * 400) shows in the form; other failures are notices with their request id.
 */
export const Connection = ({
    accountId,
    readOnly,
    integration,
}: {
    accountId: number;
    readOnly: boolean;
    integration: AcsIntegrationRecord | null;
}) => {
    const translate = useTranslate();
    const notices = useNotices();
    const callFailed = useCallFailed();
    const calls = useConnectionCalls(accountId);
    const [form, setForm] = useState<ConnectionForm>(integration ? fromRecord(integration) : EMPTY_CONNECTION);
    const [changingPassword, setChangingPassword] = useState(!integration?.password_set);
    const [result, setResult] = useState<Result>();
    const [refused, setRefused] = useState<Record<string, string>>({});
    const set = (patch: Partial<ConnectionForm>) => setForm(f => ({ ...f, ...patch }));
    const fixable = (e: unknown) => statusOf(e) === 400;

    const test = () => {
        setResult(undefined);
        calls.test.mutate(form, {
            onSuccess: r => setResult(r.ok ? { ok: true, text: r.detail } : { ok: false, text: r.error }),
            onError: e => {
                if (!fixable(e)) return callFailed(`${T}.testFailed`, e);
                setResult({ ok: false, text: refusedFields(e) ? translate(`${T}.invalid`) : (e as Error).message });
            },
        });
    };
    /** Synchronise now (POST /acs-integration/sync): what changed, or why the ACS could not be read. */
    const sync = () => {
        setResult(undefined);
        calls.sync.mutate(undefined, {
            onSuccess: r => setResult({ ok: true, text: r.status }),
            onError: e => (fixable(e) ? setResult({ ok: false, text: (e as Error).message }) : callFailed(`${T}.syncFailed`, e)),
        });
    };
    const save = () => {
        setRefused({});
        calls.save.mutate(form, {
            onSuccess: () => {
                set({ password: '' });
                setChangingPassword(false);
                notices.success(translate(`${T}.saved`));
            },
            onError: e => {
                const invalid = refusedFields(e);
                if (invalid) setRefused(invalid);
                if (invalid?.['secrets.password']) setChangingPassword(true);
                notices.failed(`${T}.saveFailed`, e);
            },
        });
    };
    const remove = () =>
        calls.remove.mutate(integration!.id, {
            onSuccess: () => {
                setForm(EMPTY_CONNECTION);
                setChangingPassword(true);
                notices.success(translate(`${T}.deleted`));
            },
            onError: e => notices.failed(`${T}.deleteFailed`, e),
        });

    return (
        <Stack spacing={2} component="section" aria-labelledby="acs-connection">
            <Heading id="acs-connection">{translate(`${T}.connection`)}</Heading>
            <ConnectionFields
                form={form}
                set={set}
                readOnly={readOnly}
                refused={refused}
                changingPassword={changingPassword}
                onChangePassword={() => setChangingPassword(true)}
            />
            {integration?.last_sync_at && (
                <Typography variant="body2" color="text.secondary">
                    {translate(`${T}.lastSync`, { time: formatDate(integration.last_sync_at), status: integration.last_sync_status ?? '' })}
                </Typography>
            )}
            {result && (
                <Alert severity={result.ok ? 'success' : 'error'} role="status">
                    {result.text}
                </Alert>
            )}
            {!readOnly && (
                <ConnectionButtons
                    saved={!!integration}
                    testing={calls.test.isPending}
                    syncing={calls.sync.isPending}
                    onTest={test}
                    onSave={save}
                    onSync={sync}
                    onRemove={remove}
                />
            )}
        </Stack>
    );
};
