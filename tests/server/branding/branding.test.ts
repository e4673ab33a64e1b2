import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { crc32, deflateSync } from 'node:zlib';
import { can } from '../../../contract/rights';
import { ROLES, type Role } from '../../../contract/roles';
import { ADMIN, startPlatform, type TestPlatform } from '../harness';
import { multipart } from '../firmware/helpers';

/**
 * Brands per account (docs/decisions.md "Brands per account"): who may read and set one where, what an account wears
 * (its own, the nearest above it, the platform's), host names, the contrast rule, and logos decoded before they are kept.
 */
type Target = 'own' | 'descendant' | 'unrelated';
const TARGETS: Target[] = ['own', 'descendant', 'unrelated'];

let p: TestPlatform;
const tokens = {} as Record<Role, string>;
const ownAccount = {} as Record<Role, number>;
let accountOf: Record<Exclude<Target, 'own'>, number>;

const BRAND = {
    product_name: 'Northwind Access',
    primary_color: '#1A237E',
    secondary_color: '#ff6f00',
    support_email: 'help@northwind.example',
    support_url: 'https://northwind.example/help',
    domains: [] as string[],
};

beforeAll(async () => {
    p = await startPlatform();
    tokens.admin = await p.login(ADMIN.email);
    ownAccount.admin = p.mainAccountId;
    for (const role of ROLES.filter(r => r !== 'admin')) {
        tokens[role] = await p.login(p.demo.dealer.users[role].email);
        ownAccount[role] = p.demo.dealer.id;
    }
    accountOf = { descendant: p.demo.customers[0].id, unrelated: p.demo.otherCustomer.id };
}, 120_000);
afterAll(() => p?.close());

const call = (role: Role, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
    p.call(tokens[role], { method, url: `/api/v2${url}`, ...(payload ? { payload } : {}) });
const accountFor = (role: Role, target: Target) => (target === 'own' ? ownAccount[role] : accountOf[target]);
const inScope = (role: Role, target: Target) =>
    role === 'admin' || target === 'own' || (target === 'descendant' && (role === 'dealer' || role === 'installer'));
const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#1a237e' } })
        .png()
        .toBuffer();
/** A PNG whose header announces a size, with one empty row of data: what a decompression bomb starts like. */
const pngHeaderOnly = (width: number, height: number) => {
    const chunk = (type: string, data: Buffer) => {
        const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
        const length = Buffer.alloc(4);
        length.writeUInt32BE(data.length);
        const crc = Buffer.alloc(4);
        crc.writeUInt32BE(crc32(body));
        return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
    return Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        chunk('IHDR', header),
        chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
        chunk('IEND', Buffer.alloc(0)),
    ]);
};
const sendLogo = async (role: Role, account: number, data: Buffer, name = 'logo.png') => {
    const body = await multipart({}, { field: 'file', name, data });
    return p.call(tokens[role], {
        method: 'POST',
        url: `/api/v2/accounts/${account}/branding/logo`,
        payload: body.payload,
        headers: body.headers,
    });
};

describe('who may read and set a brand (six roles, own, descendant and unrelated account)', () => {
    for (const role of ROLES)
        for (const target of TARGETS)
            it(`${role} in the ${target} account`, async () => {
                const account = accountFor(role, target);
                const reach = inScope(role, target);
                const read = await call(role, 'GET', `/accounts/${account}/branding`);
                expect(read.statusCode, read.body).toBe(reach && can(role, 'branding', 'read') ? 200 : 403);
                const mayWrite = reach && can(role, 'branding', 'write');
                const put = await call(role, 'PUT', `/accounts/${account}/branding`, { ...BRAND, product_name: `${role} ${target}` });
                expect(put.statusCode, put.body).toBe(mayWrite ? 200 : 403);
                const logo = await sendLogo(role, account, await png(64, 32));
                expect(logo.statusCode, logo.body).toBe(mayWrite ? 200 : 403);
                const removed = await call(role, 'DELETE', `/accounts/${account}/branding`);
                expect(removed.statusCode, removed.body).toBe(reach && can(role, 'branding', 'delete') ? 200 : 403);
            });

    it("lets a customer's staff see the brand they wear, never set it", () => {
        for (const role of ['moderator', 'manager', 'user'] as const) {
            expect(can(role, 'branding', 'read')).toBe(true);
            expect(can(role, 'branding', 'write')).toBe(false);
        }
    });
});

describe('what an account wears', () => {
    it("a customer with no brand wears its dealer's; its own wins; removed, the dealer's again; none at all, the platform's", async () => {
        const dealer = p.demo.dealer.id;
        const customer = p.demo.customers[0].id;
        const wears = async () => (await call('admin', 'GET', `/accounts/${customer}/branding`)).json();
        expect((await wears()).effective).toMatchObject({ product_name: 'Access Console', from_account_id: null, logo_url: null });

        expect((await call('dealer', 'PUT', `/accounts/${dealer}/branding`, BRAND)).statusCode).toBe(200);
        const inherited = await wears();
        expect(inherited.own).toBeNull();
        expect(inherited.effective).toMatchObject({ product_name: 'Northwind Access', primary_color: '#1a237e', from_account_id: dealer });

        const own = { ...BRAND, product_name: 'Contoso Doors', primary_color: '#004d40' };
        expect((await call('dealer', 'PUT', `/accounts/${customer}/branding`, own)).statusCode).toBe(200);
        expect((await wears()).effective).toMatchObject({ product_name: 'Contoso Doors', from_account_id: customer });
        // the customer's own staff see it, read-only
        const staff = await p.as(p.demo.customers[0].users.moderator.email);
        expect((await staff('GET', `/accounts/${customer}/branding`)).json().effective.product_name).toBe('Contoso Doors');

        expect((await call('dealer', 'DELETE', `/accounts/${customer}/branding`)).statusCode).toBe(200);
        expect((await wears()).effective).toMatchObject({ product_name: 'Northwind Access', from_account_id: dealer });
        await call('dealer', 'DELETE', `/accounts/${dealer}/branding`);
    });
});

describe('host names', () => {
    it('belong to one brand only, whatever their case; the sign-in page reached by one wears its brand, any other the platform’s', async () => {
        const first = await call('admin', 'PUT', `/accounts/${p.demo.dealer.id}/branding`, {
            ...BRAND,
            domains: ['Access.Northwind.example'],
        });
        expect(first.statusCode, first.body).toBe(200);
        expect(first.json().own.domains).toEqual(['access.northwind.example']);
        const taken = await call('admin', 'PUT', `/accounts/${p.demo.otherCustomer.id}/branding`, {
            ...BRAND,
            domains: ['ACCESS.northwind.EXAMPLE'],
        });
        expect(taken.statusCode).toBe(409);
        expect(taken.json().error).toBe("The host name access.northwind.example already belongs to another account's brand.");
        expect((await call('admin', 'GET', `/accounts/${p.demo.otherCustomer.id}/branding`)).json().own).toBeNull();

        const host = (name: string) => p.app.inject({ method: 'GET', url: '/api/v2/branding/host', headers: { host: name } });
        const branded = await host('access.northwind.example');
        expect(branded.statusCode).toBe(200);
        expect(branded.json()).toEqual({
            product_name: 'Northwind Access',
            primary_color: '#1a237e',
            secondary_color: '#ff6f00',
            logo_url: null,
            support_email: 'help@northwind.example',
            support_url: 'https://northwind.example/help',
        });
        expect((await host('console.example.org')).json()).toMatchObject({ product_name: 'Access Console', primary_color: '#1f4e79' });
        await call('admin', 'DELETE', `/accounts/${p.demo.dealer.id}/branding`);
        expect((await host('access.northwind.example')).json().product_name).toBe('Access Console');
    });
});

describe('colours people can read', () => {
    it('takes a primary colour white text reads on at 4.5:1 (#767676, 4.54) and refuses one under it (#777777), saying why', async () => {
        const account = p.demo.customers[1].id;
        expect((await call('admin', 'PUT', `/accounts/${account}/branding`, { ...BRAND, primary_color: '#767676' })).statusCode).toBe(200);
        const refused = await call('admin', 'PUT', `/accounts/${account}/branding`, { ...BRAND, primary_color: '#777777' });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().fields.primary_color).toBe(
            'The primary colour #777777 has a contrast of 4.48:1 with white text; it needs at least 4.5:1.',
        );
        const pale = await call('admin', 'PUT', `/accounts/${account}/branding`, { ...BRAND, primary_color: '#ffeb3b' });
        expect(pale.json().fields.primary_color).toBe(
            'The primary colour #ffeb3b has a contrast of 1.22:1 with white text; it needs at least 4.5:1.',
        );
        expect((await call('admin', 'GET', `/accounts/${account}/branding`)).json().own.primary_color).toBe('#767676');
        await call('admin', 'DELETE', `/accounts/${account}/branding`);
    });
});

describe('logos', () => {
    let account: number;
    beforeAll(async () => {
        account = p.demo.customers[1].id;
        expect((await call('admin', 'PUT', `/accounts/${account}/branding`, BRAND)).statusCode).toBe(200);
    });

    it('refuses an SVG, an HTML page named logo.png and a 20,000 × 20,000 PNG, keeping nothing', async () => {
        const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
        expect((await sendLogo('admin', account, svg, 'logo.svg')).statusCode).toBe(400);
        const html = Buffer.from('<html><script>fetch("/api/v2/me")</script></html>');
        expect((await sendLogo('admin', account, html, 'logo.png')).statusCode).toBe(400);
        // its header says 20,000 × 20,000 (400 million pixels): refused on the header, never decoded
        const huge = pngHeaderOnly(20_000, 20_000);
        const refused = await sendLogo('admin', account, huge);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error).toBe('The logo is too large: at most 10 MB and 40 million pixels.');
        expect((await call('admin', 'GET', `/accounts/${account}/branding`)).json().effective.logo_url).toBeNull();
    });

    it('takes a JPEG and serves it back as a PNG within 512 × 512, to anyone (a sign-in page shows it)', async () => {
        const jpeg = await sharp({ create: { width: 1600, height: 400, channels: 3, background: '#ff6f00' } })
            .jpeg()
            .toBuffer();
        const taken = await sendLogo('admin', account, jpeg, 'logo.jpg');
        expect(taken.statusCode, taken.body).toBe(200);
        const url = taken.json().effective.logo_url as string;
        expect(url).toMatch(new RegExp(`^/api/v2/branding/logos/${account}\\?v=\\d+$`));
        const served = await p.app.inject({ method: 'GET', url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/png');
        const meta = await sharp(served.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 128]);
    });
});
