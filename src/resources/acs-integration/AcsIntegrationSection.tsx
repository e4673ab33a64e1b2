import { Alert, Divider, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { can } from '../../../contract/rights';
import { useSession } from '../../session/useSession';
import { Certificate } from './AcsCertificate';
import { Chuid } from './AcsChuid';
import { Connection } from './AcsConnection';
import { IntegrationLog } from './AcsLog';
import { useIntegration } from './acsQueries';

/**
 * SPEC 3 account settings "ACS integration, including a certificate in PEM
 * format": the connection with its test, the certificate, the CHUID settings
 * and the integration's log. Each part reads and writes through react-query
 * on the dataProvider (acsQueries.ts); failures are notices with the request id.
 */
export const AcsIntegrationSection = ({ accountId }: { accountId: number }) => {
    const translate = useTranslate();
    const session = useSession();
    const readOnly = !session || !can(session.role, 'acsIntegration', 'write');
    const { data: integration, error } = useIntegration(accountId);
    if (error) return <Alert severity="error">{translate('layout.failure.text')}</Alert>;
    if (integration === undefined) return null;
    return (
        <Stack spacing={3} sx={{ p: 2, maxWidth: 900 }}>
            <Connection accountId={accountId} readOnly={readOnly} integration={integration} />
            <Divider />
            <Certificate accountId={accountId} readOnly={readOnly} />
            {integration && (
                <>
                    <Divider />
                    <Chuid accountId={accountId} readOnly={readOnly} />
                </>
            )}
            <Divider />
            <IntegrationLog accountId={accountId} />
        </Stack>
    );
};
