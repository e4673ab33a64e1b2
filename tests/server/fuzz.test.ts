import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { deviceAuthorization } from '../../contract/device-api';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { startSession } from '../../server/http/sessions';
import { startPlatform } from './harness';

/**
 * Every operation of the OpenAPI document, called with values drawn from its
 * own schemas (path ids, query values, JSON bodies) and with hostile ones
 * beside them (ids past 2^31, NUL bytes, dates past 9999, prototype keys,
 * wrong types, missing fields), as an admin, a user of a customer, a reader,
 * and nobody. Whatever comes, the server answers below 500, every 4xx is
 * {error, request_id}, and it still answers at the end.
 *
 * The run is the same each time (FUZZ_SEED, default 1); FUZZ_SEED=random
 * explores, and a failure prints the seed and path that replay it.
 */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 30);
const seed = process.env.FUZZ_SEED === 'random' ? Date.now() : Number(process.env.FUZZ_SEED ?? 1);

const p = await startPlatform();
afterAll(() => p.close());

interface Schema {
    type?: string | string[];
    properties?: Record<string, Schema>;
    required?: string[];
    items?: Schema;
    enum?: unknown[];
    const?: unknown;
    anyOf?: Schema[];
    oneOf?: Schema[];
    allOf?: Schema[];
    minimum?: number;
    maximum?: number;
    minLength?: number;
    maxLength?: number;
    minItems?: number;
    maxItems?: number;
    format?: string;
    nullable?: boolean;
}
interface Parameter {
    in: 'path' | 'query' | 'header';
    name: string;
    required?: boolean;
    schema: Schema;
}
interface Operation {
    parameters?: Parameter[];
    requestBody?: { content: Record<string, { schema: Schema }> };
}
const document = (await p.app.inject({ method: 'GET', url: '/api/v2/swagger/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
};
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
);

/** Values no schema asks for, and that have broken servers. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
    fc.constantFrom(
        0,
        -1,
        2 ** 31,
        2 ** 32 + 1,
        2 ** 53,
        1e300,
        -1e300,
        0.5,
        '',
        ' ',
        '\u0000',
        'a\u0000b',
        '99999-01-01T00:00:00Z',
        '0000-00-00',
        'NaN',
        '__proto__',
        'constructor',
        '../../etc/passwd',
        '%00',
        "' OR 1=1 --",
        '=HYPERLINK("x")',
        true,
        false,
        null,
        {},
        [],
    ),
    fc.string({ maxLength: 3000 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.double(),
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
    fc.object({ maxDepth: 3, maxKeys: 4 }),
);

/** A value the schema describes; in a hostile request, sometimes another. */
const valueOf = (schema: Schema, hostileRequest: boolean, depth = 0): fc.Arbitrary<unknown> =>
    hostileRequest
        ? fc.oneof({ weight: 3, arbitrary: validOf(schema, hostileRequest, depth) }, { weight: 1, arbitrary: hostile })
        : validOf(schema, hostileRequest, depth);

const validOf = (schema: Schema, hostileRequest: boolean, depth: number): fc.Arbitrary<unknown> => {
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices?.length) return fc.oneof(...choices.map(s => validOf(s, hostileRequest, depth)));
    if (schema.allOf?.length) return validOf(Object.assign({}, ...schema.allOf) as Schema, hostileRequest, depth);
    const types = [schema.type ?? 'any'].flat();
    const type = types.find(t => t !== 'null') ?? 'null';
    const nullable = schema.nullable || types.includes('null');
    const made = ((): fc.Arbitrary<unknown> => {
        switch (type) {
            case 'string':
                if (schema.format === 'date-time')
                    return fc
                        .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
                        .map(d => d.toISOString());
                if (schema.format === 'date')
                    return fc
                        .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
                        .map(d => d.toISOString().slice(0, 10));
                if (schema.format === 'email') return fc.emailAddress();
                return fc.string({
                    minLength: schema.minLength ?? 0,
                    maxLength: Math.min(schema.maxLength ?? 60, Math.max(schema.minLength ?? 0, 60)),
                });
            case 'integer':
                return fc.oneof(
                    fc.integer({ min: Math.max(schema.minimum ?? -1000, -(2 ** 31)), max: Math.min(schema.maximum ?? 1000, 2 ** 31 - 1) }),
                    fc.integer({ min: 1, max: 40 }),
                );
            case 'number':
                return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
            case 'boolean':
                return fc.boolean();
            case 'array':
                return depth > 4
                    ? fc.constant([])
                    : fc.array(valueOf(schema.items ?? {}, hostileRequest, depth + 1), {
                          minLength: schema.minItems ?? 0,
                          maxLength: Math.min(schema.maxItems ?? 5, 5),
                      });
            case 'object': {
                if (depth > 4 || !schema.properties) return fc.constant({});
                const fields = Object.fromEntries(
                    Object.entries(schema.properties).map(([k, s]) => [k, valueOf(s, hostileRequest, depth + 1)]),
                );
                // Every required field; in a hostile request, sometimes some missing.
                const whole = fc.record(fields, { requiredKeys: schema.required ?? [] });
                return hostileRequest
                    ? fc.oneof({ weight: 3, arbitrary: whole }, { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) })
                    : whole;
            }
            case 'null':
                return fc.constant(null);
            default:
                return fc.jsonValue({ maxDepth: 2 });
        }
    })();
    return nullable ? fc.option(made, { nil: null }) : made;
};

/** A path parameter: an id that may exist, or in a hostile request anything at all. */
const pathValue = (param: Parameter, hostileRequest: boolean): fc.Arbitrary<string> =>
    (hostileRequest
        ? fc.oneof(fc.integer({ min: 1, max: 12 }), validOf(param.schema, true, 0), hostile)
        : fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 12 }) }, { weight: 1, arbitrary: validOf(param.schema, false, 0) })
    ).map(v => encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v)));

const queryString = (params: Parameter[], hostileRequest: boolean) =>
    fc.tuple(...params.map(param => fc.option(valueOf(param.schema, hostileRequest), { freq: 2 }))).map(values =>
        params
            .map((param, i) => [param.name, values[i]] as const)
            .filter(([, v]) => v !== null)
            .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`)
            .join('&'),
    );

/** The JSON text of a body, sometimes with prototype keys that JSON.stringify of an object would never write. */
const bodyText = (schema: Schema | undefined, hostileRequest: boolean) =>
    fc
        .tuple(
            schema ? valueOf(schema, hostileRequest) : fc.constant(undefined),
            hostileRequest ? fc.constantFrom('', '"__proto__":{"role":"admin"},', '"constructor":{"prototype":{"x":1}},') : fc.constant(''),
        )
        .map(([value, extra]) => {
            if (value === undefined) return undefined;
            const text = JSON.stringify(value);
            return extra && text.startsWith('{') && text.length > 2 ? `{${extra}${text.slice(1)}` : text;
        });

type Caller = 'admin' | 'user' | 'reader' | 'nobody';

/**
 * Credentials made without /login, whose rate limit the fuzz would use up; made again if a call ends
 * the session. The admin is the platform's own (it cannot delete itself); the user is one of the main
 * account's (which cannot be deleted), made again should the fuzz delete it.
 */
const tokens = { admin: '', user: '' };
const fuzzUser = async () => {
    const existing = await p.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'fuzz-user@platform.test') });
    if (existing && !existing.disabled) return existing.id;
    if (existing) await p.ctx.db.delete(users).where(eq(users.id, existing.id));
    const [made] = await p.ctx.db
        .insert(users)
        .values({
            account_id: p.mainAccountId,
            name: 'Fuzz User',
            email: 'fuzz-user@platform.test',
            role: 'user',
            password_changed: true,
            accepted_tos: true,
        })
        .returning();
    return made!.id;
};
const signIn = async () => {
    tokens.admin = (await startSession(p.ctx, p.adminId)).token;
    tokens.user = (await startSession(p.ctx, await fuzzUser())).token;
};
await signIn();
/** A reader of the main account, approved; enrolled again (a new one) should the fuzz delete it. */
let reader = '';
let readers = 0;
const enrolReader = async () => {
    const code = (
        await p.app.inject({
            method: 'GET',
            url: `/api/v2/devices/registration_code?account_id=${p.mainAccountId}`,
            headers: { authorization: `Bearer ${tokens.admin}` },
        })
    ).json().code as string;
    const identity = {
        hardware_id: `FUZZ-${process.pid}-${++readers}`,
        secret: randomBytes(24).toString('base64url'),
        pairing_code: '123456',
        board_type: 'rock-gen3',
        release: '4.1.0',
        registration_code: code,
    };
    const register = () => p.app.inject({ method: 'POST', url: '/api/v2/device/register', payload: identity });
    const id = (await register()).json().device_id as number;
    await p.app.inject({
        method: 'PUT',
        url: `/api/v2/devices/${id}/approve`,
        headers: { authorization: `Bearer ${tokens.admin}` },
        payload: { account_id: p.mainAccountId },
    });
    reader = deviceAuthorization(id, (await register()).json().device_key as string);
};
await enrolReader();

const headersOf = (caller: Caller): Record<string, string> =>
    caller === 'admin'
        ? { authorization: `Bearer ${tokens.admin}` }
        : caller === 'user'
          ? { authorization: `Bearer ${tokens.user}` }
          : caller === 'reader'
            ? { authorization: reader }
            : {};

let calls = 0;
/** operation -> statuses seen, so the run shows it reached the handlers, not only the validation */
const seen = new Map<string, Set<number>>();
const send = async (method: string, url: string, caller: Caller, body: string | undefined): Promise<LightMyRequestResponse | undefined> => {
    calls++;
    const headers = { ...headersOf(caller), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) };
    if (url.startsWith('/api/v2/events/live')) {
        // A stream that stays open: its status and headers are the answer.
        const res = await p.app.inject({ method: method as 'GET', url, headers, payloadAsStream: true });
        res.stream().destroy();
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        return undefined;
    }
    return p.app.inject({ method: method as 'GET', url, headers, ...(body !== undefined ? { payload: body } : {}) });
};

describe('every operation of the OpenAPI document, fuzzed', () => {
    it.each(operations.map(o => [`${o.method} ${o.path}`, o] as const))('%s', async (_name, { method, path, op }) => {
        const params = op.parameters ?? [];
        const pathParams = params.filter(x => x.in === 'path');
        const json = op.requestBody?.content['application/json']?.schema;
        const requestOf = (hostileRequest: boolean) =>
            fc.record({
                path: fc
                    .tuple(...pathParams.map(param => pathValue(param, hostileRequest)))
                    .map(values => pathParams.reduce((url, param, i) => url.replace(`{${param.name}}`, values[i]!), path)),
                query: queryString(
                    params.filter(x => x.in === 'query'),
                    hostileRequest,
                ),
                // Multipart bodies are left out (their tests send real files); a JSON body on such a route is odd input too.
                body: op.requestBody ? bodyText(json ?? {}, hostileRequest) : fc.constant(undefined),
                caller: path.startsWith('/api/v2/device/')
                    ? fc.constantFrom<Caller>('reader', 'reader', 'reader', 'admin', 'nobody')
                    : fc.constantFrom<Caller>('admin', 'admin', 'admin', 'admin', 'user', 'reader', 'nobody'),
            });
        // A third of the requests carry hostile values; the rest keep to the schemas, so that they reach the handlers.
        const request = fc.oneof({ weight: 2, arbitrary: requestOf(false) }, { weight: 1, arbitrary: requestOf(true) });
        await fc.assert(
            fc.asyncProperty(request, async ({ path: url, query, body, caller }) => {
                const target = query ? `${url}?${query}` : url;
                const res = await send(method, target, caller, body);
                if (!res) return;
                seen.set(`${method} ${path}`, (seen.get(`${method} ${path}`) ?? new Set()).add(res.statusCode));
                const what = `${method} ${target} as ${caller}${body ? ` with ${body.slice(0, 300)}` : ''}: ${res.statusCode} ${res.body.slice(0, 300)}`;
                expect(res.statusCode, what).toBeLessThan(500);
                if (res.statusCode >= 400)
                    expect(res.json(), what).toMatchObject({ error: expect.any(String), request_id: expect.any(String) });
                // A call that ended a session (sign-out, a password or role change) must not end the fuzzing.
                if (res.statusCode === 401 && (caller === 'admin' || caller === 'user')) await signIn();
                if (res.statusCode === 401 && caller === 'reader') await enrolReader();
            }),
            { numRuns: RUNS_PER_OPERATION, seed, endOnFailure: true },
        );
    });

    it('still answers afterwards, and was asked thousands of times', async () => {
        expect(calls).toBeGreaterThanOrEqual(operations.length * RUNS_PER_OPERATION);
        expect(calls).toBeGreaterThan(3000);
        // Many operations were carried out at least once, not only refused (about half with the default seed).
        const carriedOut = [...seen].filter(([, statuses]) => [...statuses].some(s => s < 300)).map(([name]) => name);
        expect(carriedOut.length, JSON.stringify(Object.fromEntries([...seen].map(([k, v]) => [k, [...v]])))).toBeGreaterThan(
            operations.length * 0.4,
        );
        expect((await p.app.inject({ method: 'GET', url: '/api/v2/login_provider' })).statusCode).toBe(200);
        // The sign-in rate limit is spent by now, and the fuzz may have deleted any other user: the admin's session, made directly.
        const { token } = await startSession(p.ctx, p.adminId);
        const me = await p.app.inject({ method: 'GET', url: '/api/v2/me', headers: { authorization: `Bearer ${token}` } });
        expect(
            me.statusCode,
            `${me.body} ${JSON.stringify(await p.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, p.adminId) }))}`,
        ).toBe(200);
    });
});
