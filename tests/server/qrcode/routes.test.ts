import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { readerSetupText, QR_MESSAGES } from '../../../contract/qrcode';
import { startPlatform, type TestPlatform } from '../harness';
import { expectTable, roleMatrix, scoped, type RoleMatrix } from '../permissions/roleMatrix';

let p: TestPlatform;
let m: RoleMatrix;
beforeAll(async () => {
    p = await startPlatform();
    m = await roleMatrix(p);
}, 120_000);
afterAll(() => p?.close());

describe('POST /qrcode: the reader-setup QR code', () => {
    it('encodes the platform address, the account and its registration code, and the Wi-Fi asked for', async () => {
        const account = p.demo.customers[0];
        const code = (await m.asAdmin('GET', `/devices/registration_code?account_id=${account.id}`)).json().code;
        const wifi = { ssid: 'Contoso-IoT', security: 'WPA' as const, password: 'door-net-42' };
        const res = await m.asAdmin('POST', '/qrcode', { account_id: account.id, wifi });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
        const expected = readerSetupText({
            v: 1,
            platform_url: p.ctx.config.publicUrl,
            registration_code: code,
            account: account.name,
            wifi,
        });
        expect(res.body).toBe(await QRCode.toString(expected, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));

        const png = await m.asAdmin('POST', '/qrcode', { account_id: account.id, format: 'png', size: 256 });
        expect(png.headers['content-type']).toBe('image/png');
        expect(png.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    });

    it('asks for the password of a secured network and the network name', async () => {
        const res = await m.asAdmin('POST', '/qrcode', { wifi: { ssid: ' ', security: 'WPA' } });
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toMatchObject({ 'wifi.ssid': QR_MESSAGES.ssidRequired, 'wifi.password': QR_MESSAGES.passwordRequired });
        expect((await m.asAdmin('POST', '/qrcode', { wifi: { ssid: 'Guest', security: 'nopass' } })).statusCode).toBe(200);
    });

    it('is for the roles that register readers, in the accounts they act in', () =>
        expectTable(
            async (role, target) => (await m.call(role, 'POST', '/qrcode', { account_id: m.accountFor(role, target) })).statusCode,
            scoped('devices', 'write', 200),
        ));
});
