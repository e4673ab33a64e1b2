import http from 'node:http';
import https from 'node:https';
import { ACS_MESSAGES } from '../../../../contract/acsIntegration';
import { pinnedLookup, resolveTarget, TargetRefused, type Target } from '../../../net/outboundTarget';
import type { AcsBadge, AcsCardholder, AcsConnector, AcsTestResult } from '../connector';

/**
 * Genetec Security Center through its Web SDK (docs/decisions.md "ACS integration"), as Genetec's
 * public documentation (the DAP wiki "Web SDK" pages) describes it: a role
 * listening by default on port 4590 under /WebSdk/, HTTP Basic with
 * "username;applicationId" as the user, replies {"Rsp": {"Status": "Ok",
 * "Result": …}}. Entities are read with entity?q=entity={guid},Field,…
 * (several entity= in one call) and listed with the EntityConfiguration
 * report, paged (Page=, PageSize=).
 *
 * Guessed, where the documentation we could read says nothing precise
 * (docs/decisions.md lists them): the collection fields Credentials and
 * Groups read as lists of guids (or {Guid} objects); a credential's card as
 * CredentialFormat {FormatName, FacilityCode, CardNumber}; the cardholder's
 * state as Status.State (Active, Inactive, Expired); 50 entities per
 * entity? call to keep the query string short.
 */
export interface GenetecOptions {
    /** the Web SDK's base address, e.g. https://sc.example.com:4590/WebSdk */
    address: string;
    username: string;
    applicationId: string;
    password: string;
    /** a PEM certificate to trust for an https address (the account's certificate: self-signed servers are common) */
    ca?: string;
    /** only cardholders of this cardholder group (by name) */
    cardholderGroup?: string;
    timeoutMs?: number;
    /** rows per report page */
    pageSize?: number;
    /** entities per entity? call */
    batchSize?: number;
    /** a cloud platform's rule: the address must resolve to public addresses only (server/net/outboundTarget.ts) */
    publicOnly?: boolean;
}

/**
 * A failure whose message is what the console shows: always one of our own
 * texts, never what the server answered (its status line, body or message):
 * the address is the tenant's, the answer could be any server's.
 */
export class GenetecError extends Error {
    constructor(message: string) {
        super(message);
        this.name = 'GenetecError';
    }
}

/** A reply larger than this is not a page of the Web SDK: refused rather than held in memory. */
const MAX_REPLY_BYTES = 32 * 1024 * 1024;

const CARDHOLDER_FIELDS = ['Guid', 'Name', 'FirstName', 'LastName', 'EmailAddress', 'Status', 'Credentials', 'Groups'];
const CREDENTIAL_FIELDS = ['Guid', 'Name', 'CredentialFormat'];
const GROUP_FIELDS = ['Guid', 'Name'];

/** Security Center's Wiegand format names and the platform's predefined card formats (contract/card-formats.ts). */
const FORMAT_NAMES: Record<string, string> = {
    'standard 26 bits': '26-bit H10301',
    'h10306 34 bits': '34-bit H10306',
    'hid corporate 1000 35 bits': '35-bit Corporate 1000',
    'h10302 37 bits': '37-bit H10302',
    'h10304 37 bits': '37-bit H10304',
};

const TLS_CODES: Record<string, string> = {
    DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed',
    SELF_SIGNED_CERT_IN_CHAIN: 'its chain ends in a self-signed certificate',
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its issuer is unknown',
    UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its issuer is unknown',
    UNABLE_TO_GET_ISSUER_CERT: 'its issuer is unknown',
    CERT_SIGNATURE_FAILURE: 'its signature is wrong',
    CERT_NOT_YET_VALID: 'it is not valid yet',
};

/** The clear text of a transport failure: unreachable, or a certificate we cannot trust. */
const transportError = (address: string, error: NodeJS.ErrnoException): GenetecError => {
    const code = error.code ?? '';
    if (code === 'CERT_HAS_EXPIRED') return new GenetecError(`The certificate of ${address} has expired`);
    if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return new GenetecError(`The certificate of ${address} is not for this host name`);
    if (TLS_CODES[code])
        return new GenetecError(
            `The certificate of ${address} is not trusted (${TLS_CODES[code]}): upload the server's certificate, or its CA's, in PEM format`,
        );
    if (code.startsWith('ERR_SSL') || code.startsWith('EPROTO'))
        return new GenetecError(`Cannot reach ${address}: the TLS handshake failed (is it an https address?)`);
    const reason =
        code === 'ECONNREFUSED'
            ? 'connection refused'
            : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
              ? 'unknown host name'
              : code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT'
                ? 'no answer'
                : code === 'ECONNRESET'
                  ? 'the connection was reset'
                  : code === 'EHOSTUNREACH' || code === 'ENETUNREACH'
                    ? 'no route to the host'
                    : 'the connection failed';
    return new GenetecError(`Cannot reach ${address}: ${reason}`);
};

type Rsp = { Rsp?: { Status?: string; Result?: unknown } };
type Entity = Record<string, unknown>;

const guidsOf = (value: unknown): string[] =>
    Array.isArray(value)
        ? value
              .map(v => (typeof v === 'string' ? v : v && typeof v === 'object' ? (v as Entity).Guid : undefined))
              .filter((v): v is string => typeof v === 'string')
        : [];

const chunks = <T>(items: readonly T[], size: number): T[][] => {
    const out: T[][] = [];
    for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
    return out;
};

export class GenetecConnector implements AcsConnector {
    private readonly base: URL;
    private readonly agent: http.Agent;
    /** where every request of this connector goes: resolved and checked once, at its first request */
    private target?: Promise<Target | undefined>;

    constructor(private readonly options: GenetecOptions) {
        this.base = new URL(options.address.replace(/\/*$/, '/'));
        this.agent =
            this.base.protocol === 'https:'
                ? new https.Agent({ keepAlive: true, maxSockets: 4, ...(options.ca ? { ca: options.ca } : {}) })
                : new http.Agent({ keepAlive: true, maxSockets: 4 });
    }

    /**
     * On a cloud platform, the address checked (public only) that every
     * request connects to, whatever the name resolves to later; on premise
     * none: the name is resolved as usual, the customer's own network allowed.
     */
    private pinned(): Promise<Target | undefined> {
        this.target ??= this.options.publicOnly
            ? resolveTarget(this.base, true).catch((error: unknown) => {
                  if (!(error instanceof TargetRefused)) throw error;
                  throw new GenetecError(
                      error.reason === 'unresolved'
                          ? `Cannot reach ${this.options.address}: unknown host name`
                          : error.reason === 'scheme'
                            ? ACS_MESSAGES.genetecAddress
                            : error.message,
                  );
              })
            : Promise.resolve(undefined);
        return this.target;
    }

    /** One GET of the Web SDK; the Result of an Ok reply, a GenetecError otherwise. */
    private async get(path: string): Promise<unknown> {
        const target = await this.pinned();
        const url = new URL(path, this.base);
        const user = `${this.options.username};${this.options.applicationId}`;
        const auth = Buffer.from(`${user}:${this.options.password}`).toString('base64');
        const client = url.protocol === 'https:' ? https : http;
        return new Promise((resolve, reject) => {
            const request = client.get(
                url,
                {
                    agent: this.agent,
                    // TLS still checks the certificate against the URL's host name
                    ...(target ? { lookup: pinnedLookup(target) } : {}),
                    headers: { authorization: `Basic ${auth}`, accept: 'application/json' },
                    timeout: this.options.timeoutMs ?? 15_000,
                },
                response => {
                    const parts: Buffer[] = [];
                    let size = 0;
                    response.on('data', (chunk: Buffer) => {
                        size += chunk.length;
                        if (size > MAX_REPLY_BYTES) {
                            reject(
                                new GenetecError(
                                    `${this.options.address} answered more than ${MAX_REPLY_BYTES / 1024 / 1024} MB: is it the Web SDK address?`,
                                ),
                            );
                            request.destroy();
                        } else parts.push(chunk);
                    });
                    response.on('error', error => reject(transportError(this.options.address, error)));
                    response.on('end', () => {
                        const status = response.statusCode ?? 0;
                        if (status === 401) return reject(new GenetecError(ACS_MESSAGES.refused));
                        if (status === 403) return reject(new GenetecError(ACS_MESSAGES.noPrivilege));
                        let body: Rsp;
                        try {
                            body = JSON.parse(Buffer.concat(parts).toString('utf8')) as Rsp;
                        } catch {
                            return reject(new GenetecError(ACS_MESSAGES.notWebSdk(this.options.address)));
                        }
                        // A redirect is not followed (it could lead anywhere): it is not the Web SDK's answer either.
                        if (!body?.Rsp?.Status) return reject(new GenetecError(ACS_MESSAGES.notWebSdk(this.options.address)));
                        if (status >= 300 || body.Rsp.Status !== 'Ok')
                            return reject(new GenetecError(status >= 500 ? ACS_MESSAGES.serverError : ACS_MESSAGES.requestRefused));
                        resolve(body.Rsp.Result);
                    });
                },
            );
            request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
            request.on('error', error => reject(error instanceof GenetecError ? error : transportError(this.options.address, error)));
        });
    }

    /** Every guid of an entity type, page by page (the EntityConfiguration report). */
    private async guids(entityType: string): Promise<string[]> {
        const size = this.options.pageSize ?? 1000;
        const all: string[] = [];
        for (let page = 1; ; page++) {
            const rows = await this.get(`report/EntityConfiguration?q=EntityTypes@${entityType},Page=${page},PageSize=${size}`);
            const found = guidsOf(rows);
            all.push(...found);
            if (found.length < size) return all;
        }
    }

    /** The fields of many entities, a batch of guids per call. */
    private async entities(guids: readonly string[], fields: readonly string[]): Promise<Entity[]> {
        const out: Entity[] = [];
        for (const batch of chunks(guids, this.options.batchSize ?? 50)) {
            const q = batch.map(guid => `entity=${guid},${fields.join(',')}`).join(',');
            const result = await this.get(`entity?q=${encodeURIComponent(q)}`);
            // One entity answers an object, several an array.
            for (const e of Array.isArray(result) ? result : [result]) if (e && typeof e === 'object') out.push(e as Entity);
        }
        return out;
    }

    async test(): Promise<AcsTestResult> {
        try {
            const usage = (await this.get('licenseItemUsage/Cardholder')) as { CurrentCount?: number } | undefined;
            const count = typeof usage?.CurrentCount === 'number' ? `${usage.CurrentCount} cardholders` : 'cardholders readable';
            return { ok: true, detail: `Connected to Security Center at ${this.options.address}: ${count}` };
        } catch (error) {
            if (error instanceof GenetecError) return { ok: false, error: error.message };
            throw error;
        }
    }

    async cardholders(): Promise<AcsCardholder[]> {
        const groups = await this.entities(await this.guids('CardholderGroup'), GROUP_FIELDS);
        const groupNames = new Map(groups.map(g => [String(g.Guid), String(g.Name ?? '')]));
        const wanted = this.options.cardholderGroup?.trim().toLowerCase();
        if (wanted && ![...groupNames.values()].some(n => n.toLowerCase() === wanted))
            throw new GenetecError(`Security Center has no cardholder group named "${this.options.cardholderGroup}"`);

        let holders = await this.entities(await this.guids('Cardholder'), CARDHOLDER_FIELDS);
        if (wanted) holders = holders.filter(h => guidsOf(h.Groups).some(g => groupNames.get(g)?.toLowerCase() === wanted));

        const credentialGuids = [...new Set(holders.flatMap(h => guidsOf(h.Credentials)))];
        const credentials = new Map((await this.entities(credentialGuids, CREDENTIAL_FIELDS)).map(c => [String(c.Guid), c]));

        return holders.map(h => {
            const state = (h.Status as { State?: string } | undefined)?.State;
            const name =
                [h.FirstName, h.LastName].filter(v => typeof v === 'string' && v).join(' ') || (typeof h.Name === 'string' ? h.Name : '');
            const badges: AcsBadge[] = guidsOf(h.Credentials).flatMap(guid => {
                const format = credentials.get(guid)?.CredentialFormat as
                    { FormatName?: string; FacilityCode?: number | string; CardNumber?: number | string } | undefined;
                if (format?.CardNumber === undefined || format.CardNumber === null || format.CardNumber === '') return [];
                const facility = format.FacilityCode === undefined || format.FacilityCode === null ? null : Number(format.FacilityCode);
                return [
                    {
                        badge_number: String(format.CardNumber),
                        facility_code: Number.isFinite(facility) ? facility : null,
                        card_format: (format.FormatName && FORMAT_NAMES[format.FormatName.toLowerCase()]) ?? format.FormatName ?? null,
                    },
                ];
            });
            return {
                acs_id: String(h.Guid),
                ...(name ? { name } : {}),
                ...(typeof h.EmailAddress === 'string' && h.EmailAddress ? { email: h.EmailAddress } : {}),
                enabled: state === 'Active',
                badges,
                access_groups: guidsOf(h.Groups)
                    .map(g => groupNames.get(g))
                    .filter((n): n is string => !!n),
            };
        });
    }

    async close() {
        this.agent.destroy();
    }
}
