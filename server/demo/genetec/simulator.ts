import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A Genetec Security Center Web SDK in memory (docs/decisions.md "ACS integration"): the calls the
 * Genetec connector makes, with the same authentication ("user;appId" in
 * HTTP Basic) and the same {"Rsp": {"Status", "Result"}} replies, over http
 * or https with a self-signed certificate. Tests and the demo
 * (npm run simulate -- --genetec PORT) add, change and remove cardholders,
 * credentials and groups through its data api.
 */
export type CardholderState = 'Active' | 'Inactive' | 'Expired';

export interface SimCredential {
    guid: string;
    name: string;
    format_name: string;
    facility_code: number | null;
    card_number: number;
}

export interface SimCardholder {
    guid: string;
    first_name: string;
    last_name: string;
    email: string;
    state: CardholderState;
    credentials: string[];
    groups: string[];
}

export interface SimUser {
    username: string;
    password: string;
    /** the application ID the user must send; any when absent */
    applicationId?: string;
    /** false: signs in but lacks the privileges to read (403) */
    privileged?: boolean;
}

export interface NewCardholder {
    first_name: string;
    last_name: string;
    email?: string;
    state?: CardholderState;
    /** Wiegand 26-bit cards by default */
    credentials?: { facility_code?: number | null; card_number: number; format_name?: string }[];
    /** cardholder group names, made when missing */
    groups?: string[];
}

export interface GenetecSimulatorOptions {
    port?: number;
    host?: string;
    users: SimUser[];
    cardholders?: NewCardholder[];
    https?: boolean;
}

const ok = (Result: unknown) => ({ Rsp: { Status: 'Ok', Result } });
const fail = (code: string, message: string) => ({ Rsp: { Status: 'Fail', Result: { SdkErrorCode: code, Message: message } } });

/** A self-signed certificate for localhost and 127.0.0.1 (openssl, as an administrator would make one). */
export const selfSignedCertificate = (commonName = 'localhost') => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'genetec-sim-'));
    try {
        execFileSync(
            'openssl',
            [
                'req',
                '-x509',
                '-newkey',
                'ec',
                '-pkeyopt',
                'ec_paramgen_curve:prime256v1',
                '-nodes',
                '-keyout',
                path.join(dir, 'key.pem'),
                '-out',
                path.join(dir, 'cert.pem'),
                '-days',
                '30',
                '-subj',
                `/CN=${commonName}/O=Genetec simulator`,
                '-addext',
                'subjectAltName=DNS:localhost,IP:127.0.0.1',
            ],
            { stdio: 'ignore' },
        );
        return { key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
};

/** The in-memory directory of the simulated Security Center. */
export class GenetecData {
    readonly cardholders = new Map<string, SimCardholder>();
    readonly credentials = new Map<string, SimCredential>();
    readonly groups = new Map<string, { guid: string; name: string }>();
    /** every path and query the simulator answered, for tests that count calls */
    readonly requests: string[] = [];

    groupGuid(name: string): string {
        for (const g of this.groups.values()) if (g.name === name) return g.guid;
        const guid = randomUUID();
        this.groups.set(guid, { guid, name });
        return guid;
    }

    addCredential(cardholderGuid: string, c: { facility_code?: number | null; card_number: number; format_name?: string }): string {
        const holder = this.cardholders.get(cardholderGuid);
        if (!holder) throw new Error(`no cardholder ${cardholderGuid}`);
        const guid = randomUUID();
        const facility = c.facility_code === undefined ? null : c.facility_code;
        this.credentials.set(guid, {
            guid,
            name: `${facility ?? ''}:${c.card_number}`,
            format_name: c.format_name ?? 'Standard 26 bits',
            facility_code: facility,
            card_number: c.card_number,
        });
        holder.credentials.push(guid);
        return guid;
    }

    removeCredential(guid: string) {
        this.credentials.delete(guid);
        for (const h of this.cardholders.values()) h.credentials = h.credentials.filter(c => c !== guid);
    }

    addCardholder(c: NewCardholder): string {
        const guid = randomUUID();
        this.cardholders.set(guid, {
            guid,
            first_name: c.first_name,
            last_name: c.last_name,
            email: c.email ?? '',
            state: c.state ?? 'Active',
            credentials: [],
            groups: (c.groups ?? []).map(g => this.groupGuid(g)),
        });
        for (const credential of c.credentials ?? []) this.addCredential(guid, credential);
        return guid;
    }

    changeCardholder(guid: string, change: Partial<Omit<NewCardholder, 'credentials'>>) {
        const holder = this.cardholders.get(guid);
        if (!holder) throw new Error(`no cardholder ${guid}`);
        if (change.first_name !== undefined) holder.first_name = change.first_name;
        if (change.last_name !== undefined) holder.last_name = change.last_name;
        if (change.email !== undefined) holder.email = change.email;
        if (change.state !== undefined) holder.state = change.state;
        if (change.groups !== undefined) holder.groups = change.groups.map(g => this.groupGuid(g));
    }

    removeCardholder(guid: string) {
        const holder = this.cardholders.get(guid);
        for (const c of holder?.credentials ?? []) this.credentials.delete(c);
        this.cardholders.delete(guid);
    }

    /** n cardholders with one 26-bit card each and one of a few groups (the demo, the scale test). */
    generate(n: number, seed = 1) {
        const first = ['Ava', 'Noah', 'Mia', 'Liam', 'Zoe', 'Ethan', 'Lina', 'Omar', 'Sara', 'Hugo', 'Nora', 'Yuki'];
        const last = ['Martin', 'Okafor', 'Silva', 'Nguyen', 'Kowalski', 'Dubois', 'Haddad', 'Berg', 'Rossi', 'Tanaka'];
        const groups = ['Staff', 'Contractors', 'Visitors desk', 'IT'];
        const guids: string[] = [];
        for (let i = 0; i < n; i++) {
            const k = i + seed;
            const f = first[k % first.length]!;
            const l = last[Math.floor(k / first.length) % last.length]!;
            guids.push(
                this.addCardholder({
                    first_name: f,
                    last_name: `${l} ${k}`,
                    email: `${f}.${l}.${k}@acs.example`.toLowerCase(),
                    state: k % 50 === 0 ? 'Inactive' : 'Active',
                    credentials: [{ facility_code: 100 + (k % 100), card_number: 10000 + (k % 55000) }],
                    groups: [groups[k % groups.length]!],
                }),
            );
        }
        return guids;
    }

    /** The fields of one entity as the Web SDK's entity? call returns them. */
    entityFields(guid: string, fields: string[]): Record<string, unknown> | undefined {
        const holder = this.cardholders.get(guid);
        const credential = this.credentials.get(guid);
        const group = this.groups.get(guid);
        const all: Record<string, unknown> | undefined = holder
            ? {
                  Guid: holder.guid,
                  Name: `${holder.first_name} ${holder.last_name}`,
                  EntityType: 'Cardholder',
                  FirstName: holder.first_name,
                  LastName: holder.last_name,
                  EmailAddress: holder.email,
                  Status: { State: holder.state },
                  Credentials: [...holder.credentials],
                  Groups: [...holder.groups],
              }
            : credential
              ? {
                    Guid: credential.guid,
                    Name: credential.name,
                    EntityType: 'Credential',
                    CredentialFormat: {
                        FormatName: credential.format_name,
                        FacilityCode: credential.facility_code,
                        CardNumber: credential.card_number,
                    },
                }
              : group
                ? { Guid: group.guid, Name: group.name, EntityType: 'CardholderGroup' }
                : undefined;
        if (!all) return undefined;
        return Object.fromEntries(fields.filter(f => f in all).map(f => [f, all[f]]));
    }
}

/** "a,b=c,d@e@f" → ['a', 'b=c', 'd@e@f'] */
const queryItems = (q: string) =>
    q
        .split(',')
        .map(s => s.trim())
        .filter(Boolean);

export const startGenetecSimulator = async (options: GenetecSimulatorOptions) => {
    const tls = options.https ? selfSignedCertificate() : undefined;
    const app = Fastify({ logger: false, ...(tls ? { https: { key: tls.key, cert: tls.cert } } : {}) });
    const data = new GenetecData();
    for (const c of options.cardholders ?? []) data.addCardholder(c);

    const authenticated = (request: FastifyRequest, reply: FastifyReply): boolean => {
        const header = request.headers.authorization ?? '';
        const decoded = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
        const colon = decoded.indexOf(':');
        const [username, applicationId = ''] = decoded.slice(0, colon).split(';');
        const password = decoded.slice(colon + 1);
        const user = options.users.find(u => u.username === username && u.password === password);
        if (colon > 0 && user && (user.applicationId === undefined || user.applicationId === applicationId)) {
            if (user.privileged !== false) return true;
            void reply.status(403).send(fail('InsufficientPrivileges', 'The user lacks the privileges'));
            return false;
        }
        void reply.status(401).header('www-authenticate', 'Basic realm="WebSdk"').send(fail('Unauthorized', 'Invalid credentials'));
        return false;
    };

    app.addHook('onRequest', async request => {
        data.requests.push(request.url);
    });

    app.get('/WebSdk/licenseItemUsage/:item', async (request, reply) => {
        if (!authenticated(request, reply)) return reply;
        const { item } = request.params as { item: string };
        if (item !== 'Cardholder') return reply.status(400).type('text/html').send('<html><body>Bad Request</body></html>');
        return ok({ CurrentCount: data.cardholders.size, MaximumCount: 1000000 });
    });

    app.get('/WebSdk/report/EntityConfiguration', async (request, reply) => {
        if (!authenticated(request, reply)) return reply;
        const items = queryItems((request.query as { q?: string }).q ?? '');
        const params = new Map(items.filter(i => i.includes('=')).map(i => i.split('=', 2) as [string, string]));
        const types =
            items
                .find(i => i.startsWith('EntityTypes@'))
                ?.split('@')
                .slice(1) ?? [];
        const page = Math.max(1, Number(params.get('Page') ?? 1));
        const size = Math.min(10000, Math.max(1, Number(params.get('PageSize') ?? 1000)));
        const guids = types.flatMap(t =>
            t === 'Cardholder'
                ? [...data.cardholders.keys()]
                : t === 'Credential'
                  ? [...data.credentials.keys()]
                  : t === 'CardholderGroup'
                    ? [...data.groups.keys()]
                    : [],
        );
        return ok(guids.slice((page - 1) * size, page * size).map(Guid => ({ Guid })));
    });

    app.get('/WebSdk/entity', async (request, reply) => {
        if (!authenticated(request, reply)) return reply;
        const items = queryItems((request.query as { q?: string }).q ?? '');
        const asked: { guid: string; fields: string[] }[] = [];
        for (const item of items) {
            if (item.startsWith('entity=')) asked.push({ guid: item.slice('entity='.length), fields: [] });
            else asked.at(-1)?.fields.push(item);
        }
        if (asked.length === 0) return reply.status(400).send(fail('InvalidRequest', 'No entity asked'));
        const found = asked.map(a => data.entityFields(a.guid, a.fields));
        if (asked.length === 1)
            return found[0] ? ok(found[0]) : reply.status(404).send(fail('EntityNotFound', `Unknown entity ${asked[0]!.guid}`));
        return ok(found.filter(Boolean));
    });

    const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    return {
        /** the Web SDK's base address, as an integration's address */
        url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}/WebSdk`,
        address,
        port,
        /** the PEM certificate of an https simulator (the account's certificate that trusts it) */
        certificatePem: tls?.cert,
        data,
        close: () => app.close(),
    };
};
export type GenetecSimulator = Awaited<ReturnType<typeof startGenetecSimulator>>;
