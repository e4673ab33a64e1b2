import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS, isAction, isResource } from '../../contract/rights';
import { authPlugin } from '../../server/http/auth';
import { TokenSigner, newSecret } from '../../server/crypto/tokens';
import { startPlatform, type TestPlatform } from './harness';

let p: TestPlatform;
beforeAll(async () => {
    p = await startPlatform();
});
afterAll(() => p?.close());

let document: { paths: Record<string, Record<string, unknown>> };
/** OpenAPI path /api/v2/users/{id} -> route /api/v2/users/:id */
const asRoute = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

describe('the OpenAPI document and the rights table', () => {
    it('is served at /api/v2/swagger/json, and the docs page at /api/v2/swagger/index.html', async () => {
        const res = await p.app.inject({ method: 'GET', url: '/api/v2/swagger/json' });
        expect(res.statusCode).toBe(200);
        document = res.json();
        expect(Object.keys(document.paths)).toEqual(
            expect.arrayContaining(['/api/v2/login', '/api/v2/users', '/api/v2/accounts/{id}', '/api/v2/audit_logs']),
        );
        const docs = await p.app.inject({ method: 'GET', url: '/api/v2/swagger/index.html' });
        expect(docs.statusCode).toBe(302);
    });

    it('has an access rule for every route it lists, and every guarded route names a right of the table', () => {
        const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
            Object.keys(methods).map(method => {
                const route = p.app.routeAccess.find(r => r.url === asRoute(path) && r.method === method.toUpperCase());
                return { method: method.toUpperCase(), url: path, access: route?.access as unknown };
            }),
        );
        expect(operations.length).toBeGreaterThan(20);
        // The document lists every route the server declared.
        expect(operations.length).toBe(p.app.routeAccess.length);
        for (const op of operations) {
            expect(op.access, `${op.method} ${op.url}`).toBeDefined();
            if (Array.isArray(op.access)) {
                const [resource, action] = op.access;
                expect(isResource(resource) && isAction(action), `${op.method} ${op.url}`).toBe(true);
                // Some role holds that right: no route is guarded by a right nobody has.
                expect(
                    Object.values(RIGHTS[resource as keyof typeof RIGHTS]).some(actions => actions?.includes(action)),
                    `${op.method} ${op.url}`,
                ).toBe(true);
            } else {
                expect(['public', 'signedIn', 'tfaStep', 'anySignIn', 'device']).toContain(op.access);
            }
        }
    });

    it('declares account_id and cross_account the same way on every list, and account_id on every route that acts in an account', () => {
        type Parameter = { name: string; in: string; required?: boolean; schema?: unknown; description?: string };
        const parameters = (path: string, method: string) =>
            ((document.paths[path]?.[method] as { parameters?: Parameter[] } | undefined)?.parameters ?? []).filter(
                x => x.in === 'query' && (x.name === 'account_id' || x.name === 'cross_account'),
            );
        const lists = p.app.routeAccess.filter(r => r.scope === 'list');
        expect(lists.length).toBeGreaterThan(20);
        const byUrl = (url: string) => url.replace(/:(\w+)/g, '{$1}');
        const first = lists.find(r => !r.url.includes(':account_id'))!;
        const model = JSON.stringify(parameters(byUrl(first.url), first.method.toLowerCase()));
        expect(JSON.parse(model)).toHaveLength(2);
        for (const route of lists) {
            const declared = parameters(byUrl(route.url), route.method.toLowerCase());
            // A list whose address names its account (`:account_id`) takes cross_account alone.
            const want = route.url.includes(':account_id')
                ? JSON.stringify((JSON.parse(model) as Parameter[]).filter(x => x.name === 'cross_account'))
                : model;
            expect(JSON.stringify(declared), `${route.method} ${route.url}`).toBe(want);
        }
        // Writes in an account take it in their body, other calls in their query; never undeclared.
        for (const route of p.app.routeAccess.filter(
            r => r.scope === 'account' && !r.url.includes(':account_id') && !r.url.startsWith('/api/v2/accounts/:id'),
        )) {
            const operation = document.paths[byUrl(route.url)]![route.method.toLowerCase()] as {
                parameters?: Parameter[];
                requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown>; allOf?: unknown[] } }> };
            };
            const inQuery = (operation.parameters ?? []).some(x => x.in === 'query' && x.name === 'account_id');
            const inBody = JSON.stringify(operation.requestBody ?? {}).includes('"account_id"');
            expect(inQuery || inBody, `${route.method} ${route.url}`).toBe(true);
        }
    });

    it('documents the request and reply schemas of the routes', () => {
        const login = document.paths['/api/v2/login']!.post as { requestBody?: unknown; responses?: Record<string, unknown> };
        expect(login.requestBody).toBeDefined();
        expect(Object.keys(login.responses ?? {})).toEqual(expect.arrayContaining(['200', '422']));
    });

    it("declares an account's API key beside the bearer token, and only routes guarded by a right take it", () => {
        const doc = document as unknown as {
            components: { securitySchemes: Record<string, unknown> };
            security: unknown;
            paths: Record<string, Record<string, { security?: unknown }>>;
        };
        expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
        expect(doc.security).toEqual([{ bearer: [] }]);
        const either = [{ bearer: [] }, { apiKey: [] }];
        for (const route of p.app.routeAccess) {
            const path = route.url.replace(/:(\w+)/g, '{$1}');
            const security = doc.paths[path]?.[route.method.toLowerCase()]?.security;
            if (Array.isArray(route.access)) expect(security, `${route.method} ${route.url}`).toEqual(either);
            else expect(security, `${route.method} ${route.url}`).not.toEqual(either);
        }
        expect(doc.paths['/api/v2/accounts/{account_id}/api_keys']!.get!.security).toEqual(either);
    });

    it('refuses to start with a route under /api/v2 that declares no access rule', async () => {
        const app = Fastify();
        await app.register(authPlugin, { db: p.ctx.db, signer: new TokenSigner(newSecret()) });
        expect(() => app.get('/api/v2/forgotten', async () => 'open')).toThrow('Route GET /api/v2/forgotten declares no access rule');
        await app.close();
    });
});
