import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { IMPLEMENTED_SCREENS } from '../../contract/menu';
import { SETTINGS_MESSAGES, type PlatformSettings, type PlatformSettingsInput } from '../../contract/settings';
import { AppNotification } from '../../src/notifications/AppNotification';
import { RouteGuard } from '../../src/layout/RouteGuard';
import { settingsPlugin } from '../../src/resources/settings/plugin';
import { SettingsPage } from '../../src/resources/settings/SettingsPage';
import { Location } from './layout/helpers';
import { renderInAdmin, testSession } from './render';

/** What GET /system/settings answers: two values saved here, the rest from the environment. */
const SETTINGS: PlatformSettings = {
    public_url: 'https://console.example.com',
    mail_from: 'Access Console <no-reply@example.com>',
    smtp: { set: true, shown: 'smtps://mailer@mail.example.com:465' },
    access_token_ttl_seconds: 900,
    refresh_token_ttl_seconds: 30 * 86_400,
    session_max_seconds: 30 * 86_400,
    max_failed_logins: 7,
    lockout_seconds: 900,
    device_heartbeat_seconds: 10,
    device_offline_seconds: 35,
    event_images_default_days: 90,
    events_default_days: 365,
    backup_every_hours: 24,
    backup_keep: 7,
    enrollment_invites_per_day: 1000,
    source: {
        public_url: 'environment',
        mail_from: 'environment',
        smtp_url: 'saved',
        access_token_ttl_seconds: 'environment',
        refresh_token_ttl_seconds: 'environment',
        session_max_seconds: 'environment',
        max_failed_logins: 'saved',
        lockout_seconds: 'environment',
        device_heartbeat_seconds: 'environment',
        device_offline_seconds: 'environment',
        event_images_default_days: 'environment',
        events_default_days: 'environment',
        backup_every_hours: 'environment',
        backup_keep: 'environment',
        enrollment_invites_per_day: 'environment',
    },
};

type Options = { method?: string; body?: unknown; noAccount?: boolean; signal?: AbortSignal };

/** A server in memory: PUT applies the body as the real one does, DELETE gives the environment's value back (3 failed sign-ins). */
const provider = () => {
    let current = structuredClone(SETTINGS);
    const call = vi.fn(async (path: string, options: Options = {}): Promise<unknown> => {
        if (path === '/system/settings' && options.method === 'PUT') {
            const { smtp_url, ...rest } = options.body as PlatformSettingsInput;
            current = { ...current, ...rest, source: { ...current.source } };
            for (const key of Object.keys(options.body as object)) current.source[key] = 'saved';
            if (smtp_url !== undefined)
                current.smtp = smtp_url ? { set: true, shown: smtp_url.replace(/:[^:@/]+@/, '@') } : { set: false, shown: null };
            return current;
        }
        if (path === '/system/settings/max_failed_logins' && options.method === 'DELETE') {
            current = { ...current, max_failed_logins: 3, source: { ...current.source, max_failed_logins: 'environment' } };
            return current;
        }
        if (path === '/system/settings') return current;
        throw new Error(`unexpected ${path}`);
    });
    return { call };
};

const page = (dp: { call: ReturnType<typeof vi.fn> }) =>
    renderInAdmin(
        <>
            <SettingsPage />
            <AppNotification />
        </>,
        { session: testSession('admin'), dataProvider: dp as never, path: '/settings' },
    );

const setting = (name: string) => screen.getByRole('group', { name });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const putBodies = (call: ReturnType<typeof vi.fn>) =>
    call.mock.calls
        .filter(([p, o]) => p === '/system/settings' && (o as Options | undefined)?.method === 'PUT')
        .map(([, o]) => (o as Options).body);
const chooseUnit = async (field: string, unit: string) => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: `Unit of ${field}` }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: unit }));
};

describe('Settings (SPEC 2.2 /settings)', () => {
    it('loads the platform settings in sections, each value with where it comes from', async () => {
        const dp = provider();
        page(dp);
        const lockout = await screen.findByRole('group', { name: 'Failed sign-ins before lockout' });
        expect(dp.call).toHaveBeenCalledWith('/system/settings', expect.objectContaining({ noAccount: true }));
        for (const section of ['Address and mail', 'Sign-in and sessions', 'Readers', 'Retention defaults', 'Backups'])
            expect(screen.getByRole('region', { name: section })).toBeInTheDocument();

        expect(within(lockout).getByRole('textbox')).toHaveValue('7');
        expect(within(lockout).getByText('Saved here')).toBeInTheDocument();
        expect(within(lockout).getByRole('button', { name: "Use the environment's value: Failed sign-ins before lockout" })).toBeEnabled();

        const url = setting('Public address of the console');
        expect(within(url).getByRole('textbox')).toHaveValue('https://console.example.com');
        expect(within(url).getByText('From the environment')).toBeInTheDocument();
        expect(within(url).queryByRole('button', { name: /environment's value/ })).toBeNull();

        // Durations read in the unit that fits: 900 s is 15 minutes, 30 days of seconds 30 days.
        expect(within(setting('Access token length')).getByRole('textbox')).toHaveValue('15');
        expect(within(setting('Access token length')).getByRole('combobox')).toHaveTextContent('minutes');
        expect(within(setting('Refresh token length')).getByRole('textbox')).toHaveValue('30');
        expect(within(setting('Refresh token length')).getByRole('combobox')).toHaveTextContent('days');
        expect(within(setting('Heartbeat every')).getByRole('textbox')).toHaveValue('10');

        const smtp = setting('SMTP server');
        expect(within(smtp).getByText('Current server: smtps://mailer@mail.example.com:465')).toBeInTheDocument();
        expect(within(smtp).getByText('Saved here')).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    });

    it('saves only the fields that changed, durations in seconds', async () => {
        const dp = provider();
        page(dp);
        const access = within(await screen.findByRole('group', { name: 'Access token length' })).getByRole('textbox');
        fireEvent.change(access, { target: { value: '0' } });
        expect(within(setting('Access token length')).getByText('From 1 minute to 1 day')).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
        fireEvent.change(access, { target: { value: '30' } });
        await chooseUnit('Refresh token length', 'hours');
        fireEvent.change(within(setting('Refresh token length')).getByRole('textbox'), { target: { value: '12' } });
        fireEvent.change(within(setting('Failed sign-ins before lockout')).getByRole('textbox'), { target: { value: '9' } });
        expect(screen.getByText('3 unsaved changes')).toBeInTheDocument();
        save();
        await waitFor(() => expect(putBodies(dp.call)).toHaveLength(1));
        expect(putBodies(dp.call)[0]).toEqual({ access_token_ttl_seconds: 1800, refresh_token_ttl_seconds: 43_200, max_failed_logins: 9 });
        expect(dp.call).toHaveBeenCalledWith('/system/settings', expect.objectContaining({ method: 'PUT', noAccount: true }));
        expect(await screen.findByText('Settings saved')).toBeInTheDocument();
        expect(within(setting('Access token length')).getByText('Saved here')).toBeInTheDocument();
        expect(screen.getByText('No unsaved changes')).toBeInTheDocument();
    });

    it('never fills in the SMTP address: left empty it is not sent, a new one is, and off means no SMTP server (null)', async () => {
        const dp = provider();
        page(dp);
        const address = await screen.findByLabelText('New SMTP server address');
        expect(address).toHaveValue('');
        expect(address).toHaveAttribute('type', 'password');
        expect(address).toHaveAttribute('autocomplete', 'new-password');

        fireEvent.change(within(setting('Backups kept')).getByRole('textbox'), { target: { value: '14' } });
        save();
        await waitFor(() => expect(putBodies(dp.call)).toHaveLength(1));
        expect(putBodies(dp.call)[0]).toEqual({ backup_keep: 14 });

        fireEvent.change(screen.getByLabelText('New SMTP server address'), { target: { value: 'mail.example.com' } });
        expect(screen.getByText(SETTINGS_MESSAGES.smtpUrl)).toBeInTheDocument();
        fireEvent.change(screen.getByLabelText('New SMTP server address'), {
            target: { value: 'smtp://relay:S3cret@relay.example.com:587' },
        });
        save();
        await waitFor(() => expect(putBodies(dp.call)).toHaveLength(2));
        expect(putBodies(dp.call)[1]).toEqual({ smtp_url: 'smtp://relay:S3cret@relay.example.com:587' });
        expect(await screen.findByText('Current server: smtp://relay@relay.example.com:587')).toBeInTheDocument();
        expect(screen.getByLabelText('New SMTP server address')).toHaveValue('');

        fireEvent.click(screen.getByRole('switch', { name: 'Send e-mail through an SMTP server' }));
        expect(screen.getByText(/e-mails will be written to the outbox folder/)).toBeInTheDocument();
        save();
        await waitFor(() => expect(putBodies(dp.call)).toHaveLength(3));
        expect(putBodies(dp.call)[2]).toEqual({ smtp_url: null });
        expect(await screen.findByText('No SMTP server: e-mails are written to the outbox folder of the server.')).toBeInTheDocument();
    });

    it("shows a 400 reply's field errors under their fields, in the screen's words", async () => {
        const dp = provider();
        dp.call.mockImplementation(async (path: string, options: Options = {}) => {
            if (options.method === 'PUT')
                throw new HttpError('Validation failed', 400, {
                    error: 'Validation failed',
                    fields: { device_offline_seconds: SETTINGS_MESSAGES.offlineAfterHeartbeat, access_token_ttl_seconds: 'At least 60' },
                    request_id: 'req-400',
                });
            return path === '/system/settings' ? SETTINGS : undefined;
        });
        page(dp);
        fireEvent.change(within(await screen.findByRole('group', { name: 'Offline after' })).getByRole('textbox'), {
            target: { value: '12' },
        });
        save();
        expect(await within(setting('Offline after')).findByText(SETTINGS_MESSAGES.offlineAfterHeartbeat)).toBeInTheDocument();
        expect(within(setting('Access token length')).getByText('At least 1 minute')).toBeInTheDocument();
        expect(await screen.findByText('Error saving the settings')).toBeInTheDocument();
        expect(screen.getByText('Correct the fields marked in red.')).toBeInTheDocument();
        // Typing in a field clears its server error.
        fireEvent.change(within(setting('Offline after')).getByRole('textbox'), { target: { value: '40' } });
        expect(within(setting('Offline after')).queryByText(SETTINGS_MESSAGES.offlineAfterHeartbeat)).toBeNull();
        expect(within(setting('Access token length')).getByText('At least 1 minute')).toBeInTheDocument();
    });

    it("a saved value goes back to the environment's with DELETE /system/settings/{key}", async () => {
        const dp = provider();
        page(dp);
        fireEvent.click(await screen.findByRole('button', { name: "Use the environment's value: Failed sign-ins before lockout" }));
        await waitFor(() =>
            expect(dp.call).toHaveBeenCalledWith('/system/settings/max_failed_logins', { method: 'DELETE', noAccount: true }),
        );
        const lockout = setting('Failed sign-ins before lockout');
        await waitFor(() => expect(within(lockout).getByRole('textbox')).toHaveValue('3'));
        expect(within(lockout).getByText('From the environment')).toBeInTheDocument();
        expect(within(lockout).queryByRole('button', { name: /environment's value/ })).toBeNull();
        expect(await screen.findByText("Failed sign-ins before lockout: the environment's value applies again")).toBeInTheDocument();
    });

    it('sends a test message and says how it went: through SMTP, or the mail server’s refusal (502)', async () => {
        const dp = provider();
        const settings = dp.call.getMockImplementation()!;
        dp.call.mockImplementation(async (path: string, options: Options = {}) => {
            if (path !== '/system/settings/test_email') return settings(path, options);
            const { email } = options.body as { email: string };
            if (email === 'ops@example.com') return { sent: true, via: 'smtp' };
            const text = 'The mail server did not take the message: 550 mailbox unavailable';
            throw new HttpError(text, 502, { error: text, request_id: 'req-502' });
        });
        page(dp);
        const test = await screen.findByRole('region', { name: 'Send a test message' });
        const send = within(test).getByRole('button', { name: 'Send a test message' });
        expect(send).toBeDisabled();
        fireEvent.change(within(test).getByLabelText('Send to'), { target: { value: 'ops@example.com' } });
        fireEvent.click(send);
        expect(await within(test).findByText('Sent through the SMTP server to ops@example.com.')).toBeInTheDocument();
        expect(dp.call).toHaveBeenCalledWith('/system/settings/test_email', {
            method: 'POST',
            body: { email: 'ops@example.com' },
            noAccount: true,
        });

        fireEvent.change(within(test).getByLabelText('Send to'), { target: { value: 'nobody@example.com' } });
        fireEvent.click(send);
        expect(await within(test).findByText('The message was not sent')).toBeInTheDocument();
        expect(within(test).getByText('The mail server did not take the message: 550 mailbox unavailable')).toBeInTheDocument();
    });

    it('is a route of its own, for the platform administrator only (SPEC 6.2, 6.3)', async () => {
        expect(settingsPlugin.routes?.map(r => [r.path, r.routeKey])).toEqual([['/settings', 'settings']]);
        expect(IMPLEMENTED_SCREENS.has('settings')).toBe(true);
        renderInAdmin(
            <Routes>
                <Route
                    path="/settings"
                    element={
                        <RouteGuard routeKey="settings">
                            <p>settings</p>
                        </RouteGuard>
                    }
                />
                <Route path="/" element={<Location />} />
            </Routes>,
            { session: testSession('dealer'), path: '/settings' },
        );
        expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
        expect(screen.queryByText('settings')).toBeNull();
    });
});
