import { createHmac } from 'node:crypto';
import { API_BASE } from '../../../contract/constants';
import {
    deviceAuthorization,
    type DeviceCommand,
    type DeviceConfig,
    type DeviceLogsInput,
    type HeartbeatReply,
    type RegisterInput,
    type RegisterReply,
} from '../../../contract/device-api';

/** What a physical reader knows about itself. */
export interface ReaderIdentity {
    hardwareId: string;
    secret: string;
    pairingCode: string;
    boardType: string;
    release: string;
    mac: string;
    ip: string;
    registrationCode?: string;
}

export const BOARD_TYPES = ['rock-gen2', 'rock-gen3', 'rock-mini'] as const;
export const INITIAL_RELEASES: Record<(typeof BOARD_TYPES)[number], string> = {
    'rock-gen2': '3.4.1',
    'rock-gen3': '4.1.0',
    'rock-mini': '4.0.2',
};

const hmac = (seed: string, text: string) => createHmac('sha256', seed).update(text).digest();

/**
 * The n-th reader of a fleet: its secret and pairing code derive from the
 * fleet's seed, so a simulator started again with the same seed is the same
 * fleet (no state file) and an approved reader gets its key back.
 */
export const readerIdentity = (seed: string, index: number, registrationCode?: string, prefix = 'SIM'): ReaderIdentity => {
    const hardwareId = `${prefix}-${String(index + 1).padStart(5, '0')}`;
    const digest = hmac(seed, hardwareId);
    const boardType = BOARD_TYPES[index % BOARD_TYPES.length]!;
    return {
        hardwareId,
        secret: digest.toString('base64url'),
        pairingCode: String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0'),
        boardType,
        release: INITIAL_RELEASES[boardType],
        mac: `02:${[...digest.subarray(4, 9)].map(b => b.toString(16).padStart(2, '0')).join(':')}`,
        ip: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255 || 1}`,
        registrationCode,
    };
};

export interface ApiReply<T = unknown> {
    status: number;
    headers: Headers;
    body: T;
}

/** The reader's side of an HTTP call to the platform. */
export const deviceCall = async <T>(
    baseUrl: string,
    method: string,
    path: string,
    options: { body?: unknown; auth?: string; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<ApiReply<T>> => {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.auth) headers.authorization = options.auth;
    let payload: string | undefined;
    if (options.body !== undefined) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(options.body);
    }
    const res = await fetch(`${baseUrl}${API_BASE}/device${path}`, {
        method,
        headers,
        body: payload,
        signal: options.signal ?? AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
        body = text ? JSON.parse(text) : undefined;
    } catch {
        // not JSON: keep the text
    }
    return { status: res.status, headers: res.headers, body: body as T };
};

/** Something a feature adds to every simulated reader (firmware updates...). */
export interface ReaderPlugin {
    name: string;
    /** after each heartbeat of an approved reader that is up */
    afterHeartbeat?(reader: SimulatedReader): Promise<void>;
    /** a command the core does not know; true when handled (and acknowledged) */
    onCommand?(reader: SimulatedReader, command: DeviceCommand): Promise<boolean>;
}

export type ReaderState = 'new' | 'pending' | 'approved' | 'authentication_required' | 'rejected';

export interface ReaderOptions {
    baseUrl: string;
    plugins?: ReaderPlugin[];
    /** pull the configuration with If-None-Match every this many heartbeats even when the ETag did not change */
    configPullEvery?: number;
    /** how long a reboot keeps the reader silent */
    rebootMs?: number;
    log?: (line: string) => void;
}

/**
 * One simulated reader, speaking the device API as a physical one would
 * (contract/device-api.ts): it registers and waits for approval, heartbeats,
 * pulls its configuration when the ETag changes (and now and then with
 * If-None-Match), applies it (its mode follows its role and temporary
 * enrollment), honours reboot and log-upload commands, and can be silenced.
 */
export class SimulatedReader {
    id?: number;
    key?: string;
    state: ReaderState = 'new';
    release: string;
    deviceMode?: string;
    config?: DeviceConfig;
    /** ETag of the configuration held */
    etag?: string;
    heartbeatSeconds = 10;
    heartbeats = 0;
    /** no call leaves the reader before this time (silenced, rebooting) */
    downUntil = 0;
    bootedAt = Date.now();
    readonly applied: { etag: string; at: number }[] = [];
    private readonly recentLogs: DeviceLogsInput['entries'] = [];
    private pendingReboot?: number;

    constructor(
        readonly identity: ReaderIdentity,
        private readonly options: ReaderOptions,
    ) {
        this.release = identity.release;
    }

    get approved() {
        return this.state === 'approved' && !!this.key;
    }
    get up() {
        return Date.now() >= this.downUntil;
    }
    get auth() {
        return this.id !== undefined && this.key ? deviceAuthorization(this.id, this.key) : undefined;
    }

    /** An authenticated call as this reader. */
    call<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
        return deviceCall<T>(this.options.baseUrl, method, path, { body, auth: this.auth, headers });
    }

    log(level: 'debug' | 'info' | 'warning' | 'error', message: string) {
        this.recentLogs.push({ timestamp: new Date().toISOString(), level, message });
        if (this.recentLogs.length > 200) this.recentLogs.shift();
    }

    async register(): Promise<ReaderState> {
        const id = this.identity;
        const body: RegisterInput = {
            hardware_id: id.hardwareId,
            secret: id.secret,
            pairing_code: id.pairingCode,
            board_type: id.boardType,
            release: this.release,
            ip_address: id.ip,
            mac_address: id.mac,
            ...(id.registrationCode ? { registration_code: id.registrationCode } : {}),
        };
        const res = await deviceCall<RegisterReply>(this.options.baseUrl, 'POST', '/register', { body });
        if (res.status === 401) return (this.state = 'rejected');
        if (res.status !== 200 && res.status !== 202)
            throw new Error(`register ${id.hardwareId}: ${res.status} ${JSON.stringify(res.body)}`);
        this.id = res.body.device_id;
        this.heartbeatSeconds = res.body.heartbeat_interval_seconds;
        if (res.body.status === 'approved' && res.body.device_key) {
            this.key = res.body.device_key;
            this.log('info', `registered as device ${this.id}`);
        }
        return (this.state = res.body.status === 'approved' ? 'approved' : res.body.status);
    }

    async heartbeat(): Promise<HeartbeatReply | undefined> {
        const res = await this.call<HeartbeatReply>('POST', '/heartbeat', {
            ip_address: this.identity.ip,
            release: this.release,
            device_mode: this.deviceMode,
            applied_config_version: this.config?.config_version,
            uptime_seconds: Math.floor((Date.now() - this.bootedAt) / 1000),
        });
        if (res.status === 401) {
            // Key revoked or reader rejected: start over.
            this.key = undefined;
            this.state = 'new';
            return undefined;
        }
        if (res.status !== 200) throw new Error(`heartbeat ${this.identity.hardwareId}: ${res.status}`);
        this.heartbeats++;
        this.heartbeatSeconds = res.body.heartbeat_interval_seconds;
        return res.body;
    }

    /** GET /config with If-None-Match; applies a new one. True when something new arrived. */
    async pullConfig(): Promise<boolean> {
        const res = await this.call<DeviceConfig>('GET', '/config', undefined, this.etag ? { 'if-none-match': this.etag } : {});
        if (res.status === 304) return false;
        if (res.status !== 200) throw new Error(`config ${this.identity.hardwareId}: ${res.status}`);
        this.apply(res.body);
        return true;
    }

    private apply(config: DeviceConfig) {
        this.config = config;
        this.etag = config.etag;
        this.deviceMode = config.temp_enrollment.on ? 'enrollment' : config.role;
        this.applied.push({ etag: config.etag, at: Date.now() });
        this.log(
            'info',
            `applied configuration ${config.etag}: role ${config.role}, security ${config.security_level}, ${config.access_list.length} profiles`,
        );
    }

    async runCommands() {
        const res = await this.call<{ result: DeviceCommand[] }>('GET', '/commands');
        if (res.status !== 200) return;
        for (const command of res.body.result) {
            if (command.type === 'reboot') {
                if (this.pendingReboot === command.id) continue;
                this.pendingReboot = command.id;
                this.log('warning', 'rebooting on request');
                await this.uploadLogs();
                this.downUntil = Date.now() + (this.options.rebootMs ?? 5000);
                return;
            }
            if (command.type === 'upload_logs') {
                await this.uploadLogs();
                await this.call('PUT', `/commands/${command.id}/ack`, { status: 'done' });
                continue;
            }
            let handled = false;
            for (const plugin of this.options.plugins ?? [])
                if (!handled && plugin.onCommand) handled = await plugin.onCommand(this, command);
            if (!handled)
                await this.call('PUT', `/commands/${command.id}/ack`, { status: 'failed', message: `unknown command ${command.type}` });
        }
    }

    async uploadLogs() {
        const entries = this.recentLogs.splice(0, this.recentLogs.length);
        if (entries.length) await this.call('POST', '/logs', { entries });
    }

    /** Goes silent (no call at all) for a while: the platform should mark it offline, then online again. */
    silence(ms: number) {
        this.downUntil = Date.now() + ms;
    }

    /** One step of the reader's life; the fleet calls it every heartbeat interval. */
    async step() {
        if (!this.up) return;
        if (this.pendingReboot !== undefined) {
            // Back from a reboot: a fresh boot, then the reboot is reported done.
            const commandId = this.pendingReboot;
            this.pendingReboot = undefined;
            this.bootedAt = Date.now();
            this.log('info', 'booted');
            if (this.approved) await this.call('PUT', `/commands/${commandId}/ack`, { status: 'done', message: 'rebooted' });
        }
        if (!this.approved) {
            if (this.state === 'rejected') return;
            await this.register();
            if (!this.approved) return;
        }
        // Temporary enrollment ends by itself at its time, whether or not a new configuration came.
        const until = this.config?.temp_enrollment.until;
        if (this.deviceMode === 'enrollment' && until && Date.parse(until) <= Date.now()) this.deviceMode = this.config!.role;
        const beat = await this.heartbeat();
        if (!beat) return;
        if (beat.config_etag !== this.etag || this.heartbeats % (this.options.configPullEvery ?? 6) === 0) await this.pullConfig();
        if (beat.pending_commands > 0) await this.runCommands();
        for (const plugin of this.options.plugins ?? []) if (plugin.afterHeartbeat && this.up) await plugin.afterHeartbeat(this);
    }
}
