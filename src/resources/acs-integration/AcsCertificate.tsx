import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import UploadFile from '@mui/icons-material/UploadFile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { CERTIFICATE_MAX_BYTES, type AccountCertificateRecord } from '../../../contract/acsIntegration';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/format';
import { useFailureNotice } from '../../notifications/useFailureNotice';
import { useNotices } from '../../notifications/notices';
import { T, acsKey, statusOf, useCallFailed } from './acsQueries';
import { Heading } from './Heading';

const C = `${T}.certificate`;

/** The account's certificate (GET/POST/DELETE /accounts/{id}/cert): null when there is none (a 404). */
const useCertificate = (accountId: number) => {
    const dp = useDataProvider<ConsoleDataProvider>();
    const queryClient = useQueryClient();
    const key = acsKey(accountId, 'certificate');
    const path = `/accounts/${accountId}/cert`;
    const query = useQuery({
        queryKey: key,
        queryFn: ({ signal }) =>
            dp.call<AccountCertificateRecord>(path, { noAccount: true, signal }).catch((e: unknown) => {
                if (statusOf(e) === 404) return null;
                throw e;
            }),
    });
    useFailureNotice(query.error, `${C}.loadFailed`);
    const stored = (cert: AccountCertificateRecord | null) => queryClient.setQueryData(key, cert);
    const upload = useMutation({
        mutationFn: (body: FormData) => dp.call<AccountCertificateRecord>(path, { method: 'POST', body, noAccount: true }),
        onSuccess: stored,
    });
    const remove = useMutation({
        mutationFn: () => dp.call(path, { method: 'DELETE', noAccount: true }),
        onSuccess: () => stored(null),
    });
    return { cert: query.data, upload, remove };
};

const Facts = ({ cert }: { cert: AccountCertificateRecord }) => {
    const translate = useTranslate();
    return (
        <Box component="dl" sx={{ m: 0 }}>
            <Typography component="dt" variant="caption">
                {translate(`${C}.subject`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
                {cert.subject}
            </Typography>
            <Typography component="dt" variant="caption">
                {translate(`${C}.issuer`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
                {cert.issuer}
            </Typography>
            <Typography component="dt" variant="caption">
                {translate(`${C}.expires`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }} color={cert.expired ? 'error' : undefined} data-expired={cert.expired}>
                {formatDate(cert.not_after)}
                {cert.expired ? ` (${translate(`${C}.expired`)})` : ''}
            </Typography>
        </Box>
    );
};

/**
 * SPEC 3: the account's certificate in PEM format, trusted for the ACS's
 * https address. Why a file is refused (a 400) shows here; other failures are
 * notices with their request id.
 */
export const Certificate = ({ accountId, readOnly }: { accountId: number; readOnly: boolean }) => {
    const translate = useTranslate();
    const notices = useNotices();
    const callFailed = useCallFailed();
    const { cert, upload, remove } = useCertificate(accountId);
    const [error, setError] = useState<string>();
    const send = (file: File) => {
        setError(undefined);
        if (file.size > CERTIFICATE_MAX_BYTES) return setError(translate(`${C}.tooLarge`));
        const body = new FormData();
        body.append('file', file);
        upload.mutate(body, {
            onError: e => (statusOf(e) === 400 ? setError((e as Error).message) : callFailed(`${C}.uploadFailed`, e)),
        });
    };
    if (cert === undefined) return null;
    return (
        <Stack spacing={1} component="section" aria-labelledby="acs-certificate">
            <Heading id="acs-certificate">{translate(`${C}.title`)}</Heading>
            <Typography variant="body2" color="text.secondary">
                {translate(`${C}.help`)}
            </Typography>
            {cert ? <Facts cert={cert} /> : <Typography>{translate(`${C}.none`)}</Typography>}
            {error && <Alert severity="error">{error}</Alert>}
            {!readOnly && (
                <Stack direction="row" spacing={2}>
                    <Button component="label" startIcon={<UploadFile />}>
                        {translate(`${C}.upload`)}
                        <input
                            hidden
                            type="file"
                            accept=".pem,.crt,.cer,application/x-pem-file"
                            aria-label={translate(`${C}.upload`)}
                            onChange={e => {
                                const file = e.target.files?.[0];
                                e.target.value = '';
                                if (file) send(file);
                            }}
                        />
                    </Button>
                    {cert && (
                        <Button
                            color="error"
                            onClick={() => remove.mutate(undefined, { onError: e => notices.failed(`${C}.deleteFailed`, e) })}
                        >
                            {translate(`${C}.remove`)}
                        </Button>
                    )}
                </Stack>
            )}
        </Stack>
    );
};
