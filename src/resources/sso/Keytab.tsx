import { Button, Stack, Typography } from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import UploadFile from '@mui/icons-material/UploadFile';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { MULTIPART_UPLOAD_TIMEOUT_MS } from '../../../contract/constants';
import type { KeytabInfo } from '../../../contract/sso';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/format';
import { useNotices } from '../../notifications/notices';
import { T } from './ssoForm';

/** The directory's keytab: what the server kept of it, upload a new one, remove it. */
export const Keytab = (props: { accountId: number; keytab: KeytabInfo | null; readOnly: boolean; onChange: () => void }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notify = useNotify();
    const notices = useNotices();
    const path = `/accounts/${props.accountId}/identity_providers/keytab`;
    const upload = useMutation({
        mutationFn: (file: File) => {
            const form = new FormData();
            form.append('file', file);
            return dataProvider.call(path, { method: 'POST', body: form, noAccount: true, timeout: MULTIPART_UPLOAD_TIMEOUT_MS });
        },
        onSuccess: () => {
            notify(translate(`${T}.keytab.uploaded`), { type: 'success' });
            props.onChange();
        },
        onError: e => notices.failed(`${T}.keytab.failed`, e),
    });
    const remove = useMutation({
        mutationFn: () => dataProvider.call(path, { method: 'DELETE', noAccount: true }),
        onSuccess: props.onChange,
        onError: e => notices.failed(`${T}.keytab.failed`, e),
    });
    const { keytab } = props;
    return (
        <Stack spacing={1}>
            <Typography variant="subtitle2">{translate(`${T}.keytab.title`)}</Typography>
            <Typography variant="body2" color="text.secondary">
                {keytab
                    ? translate(`${T}.keytab.current`, { name: keytab.name, size: keytab.size, date: formatDate(keytab.uploaded_at) })
                    : translate(`${T}.keytab.none`)}
            </Typography>
            {!props.readOnly && (
                <Stack direction="row" spacing={1}>
                    <Button component="label" variant="outlined" size="small" startIcon={<UploadFile />}>
                        {translate(`${T}.keytab.upload`)}
                        <input
                            hidden
                            type="file"
                            aria-label={translate(`${T}.keytab.upload`)}
                            onChange={e => {
                                const file = e.target.files?.[0];
                                e.target.value = '';
                                if (file) upload.mutate(file);
                            }}
                        />
                    </Button>
                    {keytab && (
                        <Button size="small" color="error" startIcon={<Delete />} onClick={() => remove.mutate()}>
                            {translate(`${T}.keytab.remove`)}
                        </Button>
                    )}
                </Stack>
            )}
        </Stack>
    );
};
