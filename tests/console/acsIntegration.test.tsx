import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACS_MESSAGES, type AcsIntegrationRecord, type AcsLogRecord } from '../../contract/acsIntegration';
import { features } from '../../src/features';
import { AppNotification } from '../../src/notifications/AppNotification';
import { AcsIntegrationSection } from '../../src/resources/acs-integration/AcsIntegrationSection';
import { stubObjectUrls } from './eventsFixtures';
import { renderInAdmin, testSession } from './render';

const ACCOUNT = 12;
const SAVED: AcsIntegrationRecord = {
    id: 5,
    account_id: ACCOUNT,
    provider: 'genetec',
    address: 'https://sc.contoso.example:4590/WebSdk',
    settings: { username: 'sync', application_id: 'APP-1' },
    password_set: true,
    sync_every_minutes: 15,
    enabled: true,
    last_sync_at: null,
    last_sync_status: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
};
const CERT = {
    subject: 'CN=sc.contoso.example, O=Contoso',
    issuer: 'CN=Contoso Root CA',
    serial: '01',
    not_before: '2025-01-01T00:00:00.000Z',
    not_after: '2025-12-31T00:00:00.000Z',
    fingerprint_sha256: 'AA:BB',
    expired: true,
    uploaded_at: '2026-01-01T00:00:00.000Z',
    uploaded_by: 'Admin',
};
const LOG: AcsLogRecord[] = [
    {
        id: 2,
        account_id: ACCOUNT,
        integration_id: 5,
        at: '2026-01-02T10:00:00.000Z',
        level: 'error',
        action: 'test',
        acs_id: null,
        profile_id: null,
        message: `Connection test failed: ${ACS_MESSAGES.refused}`,
        details: null,
    },
    {
        id: 1,
        account_id: ACCOUNT,
        integration_id: 5,
        at: '2026-01-02T09:00:00.000Z',
        level: 'info',
        action: 'added',
        acs_id: 'guid-1',
        profile_id: 3,
        message: 'Cardholder Ada Lovelace added',
        details: null,
    },
];

type Options = { method?: string; query?: Record<string, unknown>; body?: unknown; noAccount?: boolean };
type Server = (path: string, options: Options) => unknown;

let saved: string[] = [];
beforeEach(() => {
    stubObjectUrls();
    saved = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
    });
});

/** The section with a data provider that answers like the server, `server` first for what a test changes. */
const section = (state: { integration: AcsIntegrationRecord | null; cert?: typeof CERT | null }, server: Server = () => undefined) => {
    const dp = {
        call: vi.fn(async (path: string, options: Options = {}) => {
            const answer = await server(path, options);
            if (answer !== undefined) return answer;
            const method = options.method ?? 'GET';
            if (path === '/acs-integration' && method === 'GET') return { integration: state.integration };
            if (path === '/acs-integration/chuid' && method === 'GET')
                return { mode: 'fasc_n', agency_code: '', system_code: '', include_credential_series: false };
            if (path === `/accounts/${ACCOUNT}/cert` && method === 'GET') {
                if (state.cert) return state.cert;
                throw new HttpError('Resource "certificate" does not exist', 404, { error: 'Resource "certificate" does not exist' });
            }
            throw new Error(`unexpected ${method} ${path}`);
        }),
        // the log is a react-admin list of the dataProvider (GET /acs-integration/logs)
        getList: vi.fn(async (resource: string, _params: { filter: Record<string, unknown>; pagination: { page: number } }) => {
            if (resource !== 'acs-integration/logs') throw new Error(`unexpected list ${resource}`);
            const answer = await server(`/${resource}`, {});
            if (answer !== undefined) return answer;
            return { data: LOG, total: LOG.length };
        }),
        download: vi.fn(async () => new File(['at,level\n'], 'acs-integration-logs-20260102-100000.csv', { type: 'text/csv' })),
    };
    renderInAdmin(
        <>
            <AcsIntegrationSection accountId={ACCOUNT} />
            <AppNotification />
        </>,
        { session: testSession('installer'), dataProvider: dp as never },
    );
    return dp;
};
const callsTo = (dp: ReturnType<typeof section>, path: string, method = 'GET') =>
    dp.call.mock.calls.filter(([p, o]) => p === path && ((o as Options | undefined)?.method ?? 'GET') === method);

describe('the ACS integration section of the account page (SPEC 3, 7.2)', () => {
    it('is an account section for the roles holding the acsIntegration read right', () => {
        const sections = features.flatMap(p => p.accountSections ?? []);
        expect(sections.find(s => s.key === 'acs-integration')?.right).toEqual(['acsIntegration', 'read']);
    });

    it('tests the unsaved form and shows what the server found, then saves it', async () => {
        const dp = section({ integration: null }, (path, o) => {
            if (path === '/acs-integration/test') {
                const body = o.body as { secrets?: { password?: string } };
                return body.secrets?.password === 'right'
                    ? { ok: true, detail: 'Connected to Security Center: 12 cardholders' }
                    : { ok: false, error: ACS_MESSAGES.refused };
            }
            if (path === '/acs-integration/update') return SAVED;
        });
        await screen.findByRole('heading', { name: 'Access control system' });
        fireEvent.change(screen.getByLabelText('Address'), { target: { value: SAVED.address } });
        fireEvent.change(screen.getByLabelText('User name'), { target: { value: 'sync' } });
        fireEvent.change(screen.getByLabelText('Application ID'), { target: { value: 'APP-1' } });
        fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
        fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
        expect(await screen.findByText(ACS_MESSAGES.refused)).toBeInTheDocument();
        fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right' } });
        fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
        expect(await screen.findByText('Connected to Security Center: 12 cardholders')).toBeInTheDocument();
        expect(callsTo(dp, '/acs-integration/test', 'POST')[1]![1]!).toMatchObject({
            noAccount: true,
            body: {
                account_id: ACCOUNT,
                provider: 'genetec',
                address: SAVED.address,
                settings: { username: 'sync', application_id: 'APP-1' },
                secrets: { password: 'right' },
            },
        });

        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await screen.findByText('ACS integration saved');
        expect(callsTo(dp, '/acs-integration/update', 'PUT')[0]![1]!.body).toMatchObject({
            account_id: ACCOUNT,
            secrets: { password: 'right' },
        });
        // The password is write-only from now on: "set", with a Change button, and no field holding it.
        expect(screen.queryByLabelText('Password')).toBeNull();
        expect(screen.getByText('Password: set')).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Change' })).toBeInTheDocument();
    });

    it('keeps the stored password unless Change is used, and shows the fields the server refused', async () => {
        const dp = section({ integration: SAVED }, path => {
            if (path === '/acs-integration/update')
                throw new HttpError('Validation error', 400, {
                    error: 'Validation error',
                    fields: { address: ACS_MESSAGES.genetecAddress },
                });
        });
        expect(await screen.findByLabelText('Address')).toHaveValue(SAVED.address);
        expect(screen.getByText('Password: set')).toBeInTheDocument();
        fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'sc.example' } });
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        expect(await screen.findByText(ACS_MESSAGES.genetecAddress)).toBeInTheDocument();
        const body = callsTo(dp, '/acs-integration/update', 'PUT')[0]![1]!.body as Record<string, unknown>;
        expect(body).not.toHaveProperty('secrets');
        expect(body).toMatchObject({ sync_every_minutes: 15, enabled: true });
    });

    it('asks for the password again when the server says the address changed', async () => {
        section({ integration: SAVED }, path => {
            if (path === '/acs-integration/update')
                throw new HttpError('Validation error', 400, {
                    error: 'Validation error',
                    fields: { 'secrets.password': ACS_MESSAGES.passwordForNewAddress },
                });
        });
        fireEvent.change(await screen.findByLabelText('Address'), { target: { value: 'https://elsewhere.example:4590/WebSdk' } });
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        expect(await screen.findByText(ACS_MESSAGES.passwordForNewAddress)).toBeInTheDocument();
        expect(screen.getByLabelText('Password')).toHaveValue('');
        expect(screen.queryByText('Password: set')).toBeNull();
    });

    it('removes the integration after a confirmation', async () => {
        const dp = section({ integration: SAVED }, (path, o) =>
            path === '/acs-integration/5' && o.method === 'DELETE' ? null : undefined,
        );
        fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
        const dialog = await screen.findByRole('dialog', { name: 'Remove the ACS integration?' });
        expect(dialog).toHaveTextContent('The profiles it made stay.');
        expect(callsTo(dp, '/acs-integration/5', 'DELETE')).toHaveLength(0);
        fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
        await screen.findByText('ACS integration removed');
        expect(callsTo(dp, '/acs-integration/5', 'DELETE')).toHaveLength(1);
        expect(screen.getByLabelText('Address')).toHaveValue('');
    });

    it('shows the certificate with its expiry in red when expired, uploads a new one and says why a file is refused', async () => {
        const fresh = { ...CERT, subject: 'CN=new.contoso.example', not_after: '2027-06-01T00:00:00.000Z', expired: false };
        let refuse = true;
        const dp = section({ integration: SAVED, cert: CERT }, (path, o) => {
            if (path === `/accounts/${ACCOUNT}/cert` && o.method === 'POST') {
                if (refuse) throw new HttpError(ACS_MESSAGES.privateKey, 400, { error: ACS_MESSAGES.privateKey });
                return fresh;
            }
        });
        const certificate = await screen.findByRole('region', { name: 'Certificate (PEM)' });
        expect(await within(certificate).findByText(CERT.subject)).toBeInTheDocument();
        expect(within(certificate).getByText(CERT.issuer)).toBeInTheDocument();
        const expiry = within(certificate).getByText(/expired/);
        expect(expiry).toHaveAttribute('data-expired', 'true');
        expect(getComputedStyle(expiry).color).toBe('rgb(211, 47, 47)');

        const input = within(certificate).getByLabelText('Upload a .pem or .crt file');
        fireEvent.change(input, { target: { files: [new File(['-----BEGIN PRIVATE KEY-----'], 'key.pem')] } });
        expect(await within(certificate).findByText(ACS_MESSAGES.privateKey)).toBeInTheDocument();
        refuse = false;
        fireEvent.change(input, { target: { files: [new File(['-----BEGIN CERTIFICATE-----'], 'server.crt')] } });
        expect(await within(certificate).findByText('CN=new.contoso.example')).toBeInTheDocument();
        expect(within(certificate).queryByText(/expired/)).toBeNull();
        const form = callsTo(dp, `/accounts/${ACCOUNT}/cert`, 'POST')[1]![1]!.body as FormData;
        expect((form.get('file') as File).name).toBe('server.crt');
    });

    it('saves the CHUID settings of the integration', async () => {
        const dp = section({ integration: SAVED }, (path, o) =>
            path === '/acs-integration/chuid' && o.method === 'PUT' ? o.body : undefined,
        );
        const chuid = await screen.findByRole('region', { name: 'CHUID (PIV cards)' });
        fireEvent.mouseDown(within(chuid).getByRole('combobox', { name: 'Badge number from' }));
        fireEvent.click(await screen.findByRole('option', { name: 'Agency, system and credential number (14 digits)' }));
        fireEvent.change(within(chuid).getByLabelText('Agency code (4 digits, empty: any)'), { target: { value: '0032' } });
        fireEvent.click(within(chuid).getByRole('checkbox'));
        fireEvent.click(within(chuid).getByRole('button', { name: 'Save CHUID settings' }));
        await screen.findByText('CHUID settings saved');
        expect(callsTo(dp, '/acs-integration/chuid', 'PUT')[0]![1]!.body).toEqual({
            account_id: ACCOUNT,
            mode: 'fasc_n_full',
            agency_code: '0032',
            system_code: '',
            include_credential_series: true,
        });
    });

    it('lists the integration log, filters it by level and exports it with the same filters', async () => {
        const dp = section({ integration: SAVED });
        const log = await screen.findByRole('region', { name: 'Integration log' });
        expect(await within(log).findByText('Cardholder Ada Lovelace added')).toBeInTheDocument();
        expect(within(log).getByText(`Connection test failed: ${ACS_MESSAGES.refused}`)).toBeInTheDocument();
        expect(within(log).getByText('guid-1')).toBeInTheDocument();

        fireEvent.mouseDown(within(log).getByRole('combobox', { name: 'Level' }));
        fireEvent.click(await screen.findByRole('option', { name: 'Error' }));
        await waitFor(() => {
            const [, asked] = dp.getList.mock.calls.at(-1)!;
            expect(asked.filter).toEqual({ account_id: ACCOUNT, level: 'error' });
            expect(asked.pagination.page).toBe(1);
        });

        fireEvent.click(within(log).getByRole('button', { name: 'Export' }));
        await waitFor(() => expect(saved).toEqual(['acs-integration-logs-20260102-100000.csv']));
        expect(dp.download).toHaveBeenCalledWith('/acs-integration/logs/export', { account_id: ACCOUNT, level: 'error' });
    });

    it('says why it could not read the integration, with the request id to copy', async () => {
        section({ integration: null }, (path, o) => {
            if (path === '/acs-integration' && (o.method ?? 'GET') === 'GET')
                throw new HttpError('Internal Server Error', 500, { error: 'Internal Server Error', request_id: 'req-acs-1' });
        });
        const notice = await screen.findByText('The ACS integration could not be read');
        const alert = notice.closest('[role="alert"]') as HTMLElement;
        expect(alert).toHaveTextContent('Request ID: req-acs-1');
        expect(screen.getByText('Sorry, the page is temporary unavailable.')).toBeInTheDocument();
    });

    it('a test of the connection the server could not run is a notice with its request id', async () => {
        section({ integration: SAVED }, path => {
            if (path === '/acs-integration/test')
                throw new HttpError('Internal Server Error', 500, { error: 'Internal Server Error', request_id: 'req-acs-2' });
        });
        fireEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
        const notice = await screen.findByText('The connection could not be tested');
        expect(notice.closest('[role="alert"]')).toHaveTextContent('Request ID: req-acs-2');
    });

    it('a log the server could not read is a notice with its request id', async () => {
        section({ integration: SAVED }, path => {
            if (path === '/acs-integration/logs')
                throw new HttpError('Internal Server Error', 500, { error: 'Internal Server Error', request_id: 'req-acs-3' });
        });
        const notice = await screen.findByText('The integration log could not be read');
        expect(notice.closest('[role="alert"]')).toHaveTextContent('Request ID: req-acs-3');
    });
});
