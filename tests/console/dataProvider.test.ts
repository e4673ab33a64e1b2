import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider, listQuery, UPDATE_WITHOUT_DATA } from '../../src/dataProvider';
import { saveCurrentAccountId, saveUser, tokens } from '../../src/dataProvider/tokens';
import type { Me } from '../../contract/auth';

const me = {
    id: 7,
    name: 'Jane',
    email: 'j@x.test',
    role: 'dealer',
    account: { id: 3, name: 'Own', main: false },
    accepted_tos: true,
    locale: null,
    default_locale: null,
    password_changed: true,
    tfa_enabled: false,
    external_user: false,
    menu: [],
} as Me;

let calls: { url: string; init: RequestInit }[];
const reply = (status: number, body: unknown, type = 'application/json') =>
    vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': type } });
    });

beforeEach(() => {
    calls = [];
    tokens.save({ token: 'T', refresh_token: 'R' });
    saveUser(me);
    saveCurrentAccountId(me.id, 42);
});
afterEach(() => vi.unstubAllGlobals());

const url = (i = 0) => new URL(calls[i]!.url, 'http://x');
const body = (i = 0) => calls[i]!.init.body;

describe('list query (SPEC 2.5, 7.1)', () => {
    it('maps page, per_page, +/- sort and filters', () => {
        expect(
            listQuery({
                pagination: { page: 3, perPage: 50 },
                sort: { field: 'name', order: 'DESC' },
                filter: { role: 'manager', q: '', tags: ['a', 'b'] },
            }),
        ).toEqual({
            page: 3,
            per_page: 50,
            sort: '-name',
            role: 'manager',
            tags: ['a', 'b'],
        });
        expect(listQuery({ pagination: { page: 1, perPage: 20 }, sort: { field: 'created_at', order: 'ASC' }, filter: {} }).sort).toBe(
            '+created_at',
        );
    });

    it('GET lists carry the bearer token and the current account_id in the query; {result, count} becomes {data, total}', async () => {
        vi.stubGlobal('fetch', reply(200, { result: [{ id: 1 }], count: 31 }));
        const res = await dataProvider.getList('users', {
            pagination: { page: 2, perPage: 20 },
            sort: { field: 'name', order: 'ASC' },
            filter: { role: 'user' },
        });
        expect(res).toEqual({ data: [{ id: 1 }], total: 31 });
        expect(url().pathname).toBe('/api/v2/users');
        expect(Object.fromEntries(url().searchParams)).toEqual({
            page: '2',
            per_page: '20',
            sort: '+name',
            role: 'user',
            account_id: '42',
        });
        expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer T');
    });

    it('leaves account_id out of the query with cross_account=true or when one is already given', async () => {
        vi.stubGlobal('fetch', reply(200, { result: [], count: 0 }));
        await dataProvider.getList('accounts', {
            pagination: { page: 1, perPage: 999999 },
            sort: { field: 'name', order: 'ASC' },
            filter: { cross_account: 'true' },
        });
        await dataProvider.getList('users', {
            pagination: { page: 1, perPage: 20 },
            sort: { field: 'name', order: 'ASC' },
            filter: { account_id: 9 },
        });
        expect(url(0).searchParams.has('account_id')).toBe(false);
        expect(url(1).searchParams.get('account_id')).toBe('9');
    });

    it('getMany asks for the ids across accounts', async () => {
        vi.stubGlobal('fetch', reply(200, { result: [{ id: 4 }, { id: 5 }], count: 2 }));
        await dataProvider.getMany('accounts', { ids: [4, 5] });
        expect(Object.fromEntries(url().searchParams)).toEqual({ id: '4,5', per_page: '2', cross_account: 'true' });
    });
});

describe('writes (SPEC 7.1)', () => {
    it('POST, PUT and DELETE carry account_id in the body, form data too', async () => {
        vi.stubGlobal('fetch', reply(200, { id: 11 }));
        const created = await dataProvider.create('users', { data: { name: 'N' } });
        expect(created.data).toMatchObject({ id: 11, name: 'N' });
        expect(JSON.parse(body(0) as string)).toEqual({ name: 'N', account_id: 42 });
        await dataProvider.update('users', { id: 11, data: { name: 'M' }, previousData: { id: 11 } });
        expect(calls[1]!.init.method).toBe('PUT');
        expect(url(1).pathname).toBe('/api/v2/users/11');
        expect(JSON.parse(body(1) as string)).toEqual({ name: 'M', account_id: 42 });
        await dataProvider.delete('users', { id: 11, previousData: { id: 11 } });
        expect(calls[2]!.init.method).toBe('DELETE');
        expect(JSON.parse(body(2) as string)).toEqual({ id: 11, account_id: 42 });
        await dataProvider.upload('artifacts', 5, new File(['x'], 'a.mender'));
        expect((body(3) as FormData).get('account_id')).toBe('42');
        expect(url(3).pathname).toBe('/api/v2/artifacts/5');
    });

    it('refuses an update without data', async () => {
        vi.stubGlobal('fetch', reply(200, {}));
        await expect(dataProvider.update('users', { id: 1, data: {}, previousData: { id: 1 } })).rejects.toThrow(UPDATE_WITHOUT_DATA);
        expect(calls).toHaveLength(0);
    });
});

describe('errors (SPEC 7.3)', () => {
    it('a status over 299 raises an HttpError with the server text, its request id and the field errors for the form', async () => {
        vi.stubGlobal('fetch', reply(400, { error: 'Validation error', fields: { name: 'Name is required' }, request_id: 'req-1' }));
        const error = await dataProvider.create('users', { data: {} }).catch(e => e);
        expect(error).toMatchObject({
            message: 'Validation error',
            status: 400,
            body: { request_id: 'req-1', errors: { name: 'Name is required' } },
        });
    });

    it('a failed blob reply that holds JSON is parsed into a body', async () => {
        vi.stubGlobal('fetch', reply(404, { error: 'Resource "export" does not exist', request_id: 'req-2' }));
        const error = await dataProvider.download('/audit_logs/export').catch(e => e);
        expect(error).toMatchObject({ status: 404, message: 'Resource "export" does not exist', body: { request_id: 'req-2' } });
    });

    it('a reply that is not JSON still raises "Response error"', async () => {
        vi.stubGlobal('fetch', reply(502, '<html>bad gateway</html>', 'text/html'));
        await expect(dataProvider.getOne('users', { id: 1 })).rejects.toMatchObject({ message: 'Response error', status: 502 });
    });

    it('refreshes the token once on a 401 and retries', async () => {
        let n = 0;
        vi.stubGlobal(
            'fetch',
            vi.fn(async (u: string, init: RequestInit) => {
                calls.push({ url: u, init });
                n++;
                if (n === 1) return new Response('{"error":"expired","request_id":"r"}', { status: 401 });
                if (u.endsWith('/token/refresh'))
                    return new Response(JSON.stringify({ token: 'T2', refresh_token: 'R2' }), { status: 200 });
                return new Response(JSON.stringify({ id: 1 }), { status: 200 });
            }),
        );
        expect((await dataProvider.getOne('users', { id: 1 })).data).toEqual({ id: 1 });
        expect(tokens.access).toBe('T2');
        expect((calls[2]!.init.headers as Record<string, string>).Authorization).toBe('Bearer T2');
    });
});

describe('multipart upload with progress (SPEC 7.1)', () => {
    /** XMLHttpRequest played by the test: what was sent, and the server's answers in turn. */
    class PlayedXhr {
        static sent: { url: string; headers: Record<string, string>; body: FormData; timeout: number }[] = [];
        static answers: [number, unknown][] = [];
        upload: { onprogress?: (e: { loaded: number; total: number; lengthComputable: boolean }) => void } = {};
        onload?: () => void;
        onerror?: () => void;
        ontimeout?: () => void;
        onabort?: () => void;
        status = 0;
        responseText = '';
        timeout = 0;
        private url = '';
        private headers: Record<string, string> = {};
        open(_method: string, url: string) {
            this.url = url;
        }
        setRequestHeader(name: string, value: string) {
            this.headers[name] = value;
        }
        send(body: FormData) {
            PlayedXhr.sent.push({ url: this.url, headers: this.headers, body, timeout: this.timeout });
            const [status, reply] = PlayedXhr.answers.shift()!;
            this.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
            this.status = status;
            this.responseText = JSON.stringify(reply);
            queueMicrotask(() => this.onload?.());
        }
        abort() {
            this.onabort?.();
        }
    }
    beforeEach(() => {
        PlayedXhr.sent = [];
        vi.stubGlobal('XMLHttpRequest', PlayedXhr);
    });

    it('sends account_id first and in the query, tells the progress, refreshes the token once on a 401 and sends the form again', async () => {
        PlayedXhr.answers = [
            [401, { error: 'expired', request_id: 'r' }],
            [200, { restored: true }],
        ];
        vi.stubGlobal('fetch', reply(200, { token: 'T2', refresh_token: 'R2' }));
        const form = new FormData();
        form.append('other_platform', 'true');
        form.append('file', new File(['tar'], 'backup.tar'));
        const progress = vi.fn();
        expect(await dataProvider.multipart('/system/restore', form, { onProgress: progress })).toEqual({ restored: true });
        expect(progress).toHaveBeenCalledWith({ loaded: 5, total: 10 });
        expect(PlayedXhr.sent.map(s => [s.url, s.headers.Authorization, [...s.body.keys()].join()])).toEqual([
            // in the query too: the server resolves the account before the body streams in
            ['/api/v2/system/restore?account_id=42', 'Bearer T', 'account_id,other_platform,file'],
            ['/api/v2/system/restore?account_id=42', 'Bearer T2', 'account_id,other_platform,file'],
        ]);
        expect(PlayedXhr.sent[0]!.body.get('account_id')).toBe('42');
        expect((PlayedXhr.sent[0]!.body.get('file') as File).name).toBe('backup.tar');
        expect(PlayedXhr.sent[0]!.timeout).toBe(1e8);
    });

    it('a refusal is an HttpError with the server text and its request id', async () => {
        PlayedXhr.answers = [[400, { error: 'This file is not a backup of this platform.', request_id: 'r-9' }]];
        const form = new FormData();
        form.append('file', new File(['x'], 'x.tar'));
        await expect(dataProvider.multipart('/system/restore', form, { onProgress: () => undefined })).rejects.toMatchObject({
            message: 'This file is not a backup of this platform.',
            status: 400,
            body: { request_id: 'r-9' },
        });
    });
});
