import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QR_MESSAGES } from '../../contract/qrcode';
import { QrCodePage } from '../../src/resources/qrcode/QrCodePage';
import { renderInAdmin } from './render';

const provider = () => {
    const call = vi.fn(async (path: string, options?: { body?: Record<string, unknown> }) => {
        if (path === '/devices/registration_code')
            return { code: 'AB12-CD34', url: 'https://access.example.com', account_name: 'Contoso Offices' };
        return new Blob([`<svg data-format="${String(options?.body?.format)}"/>`], { type: 'image/svg+xml' });
    });
    return { call };
};
const qrCalls = (call: ReturnType<typeof provider>['call']) =>
    call.mock.calls.filter(([path]) => path === '/qrcode').map(([, options]) => (options as { body: Record<string, unknown> }).body);

beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:qr');
    URL.revokeObjectURL = vi.fn();
});

describe('QR Code Generator (SPEC 2.2 /qrcode)', () => {
    it('shows the reader-setup code of the current account with the platform address and registration code', async () => {
        const dp = provider();
        renderInAdmin(<QrCodePage />, { dataProvider: dp });
        expect(await screen.findByRole('img', { name: 'Reader setup code for Contoso Offices' })).toHaveAttribute('src', 'blob:qr');
        expect(screen.getByLabelText('Registration code')).toHaveValue('AB12-CD34');
        expect(screen.getByLabelText('Platform address')).toHaveValue('https://access.example.com');
        expect(qrCalls(dp.call)).toEqual([{ format: 'svg' }]);
    });

    it('asks for the network password of a secured network before making a code with Wi-Fi, then includes it', async () => {
        const dp = provider();
        renderInAdmin(<QrCodePage />, { dataProvider: dp });
        await screen.findByRole('img');
        fireEvent.click(screen.getByRole('switch', { name: 'Also join a Wi-Fi network' }));
        fireEvent.change(screen.getByLabelText('Network name'), { target: { value: 'Contoso-IoT' } });
        expect(await screen.findByText(QR_MESSAGES.passwordRequired)).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Download PNG' })).toBeDisabled();
        fireEvent.change(screen.getByLabelText('Network password'), { target: { value: 'door-net-42' } });
        await waitFor(() =>
            expect(qrCalls(dp.call).at(-1)).toEqual({
                wifi: { ssid: 'Contoso-IoT', security: 'WPA', password: 'door-net-42' },
                format: 'svg',
            }),
        );
        // No code was asked for while the password was missing.
        expect(qrCalls(dp.call).some(b => (b.wifi as { password?: string } | undefined)?.password === undefined && b.wifi)).toBe(false);
    });

    it('downloads the code as a PNG named after the registration code', async () => {
        const dp = provider();
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
        renderInAdmin(<QrCodePage />, { dataProvider: dp });
        await screen.findByRole('img');
        fireEvent.click(screen.getByRole('button', { name: 'Download PNG' }));
        await waitFor(() => expect(click).toHaveBeenCalled());
        expect(qrCalls(dp.call).at(-1)).toEqual({ format: 'png', size: 1024 });
        expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('reader-setup-AB12-CD34.png');
        click.mockRestore();
    });
});
