import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { scratchDatabase } from '../../../server/db/scratch';

export const ROOT = { email: 'root@events.test', password: 'Root#Pass1' };

/** The real server process (tsx server/main.ts), as `npm start` runs it, without the demo. */
export const startServer = (port: number, env: Record<string, string>) => {
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
            ...process.env,
            PORT: String(port),
            HOST: '127.0.0.1',
            ADMIN_EMAIL: ROOT.email,
            ADMIN_PASSWORD: ROOT.password,
            DEMO: '0',
            JOBS: '0',
            DEMO_FLEET: '0',
            LOG_LEVEL: 'warn',
            ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', d => (output += d));
    child.stderr!.on('data', d => (output += d));
    const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)));
    const ready = new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', () => output.includes('Sign in as') && resolve());
        void exited.then(code => reject(new Error(`server exited with ${code}: ${output}`)));
    });
    return { child, ready, exited, output: () => output, url: `http://127.0.0.1:${port}` };
};
export type ServerProcess = ReturnType<typeof startServer>;

/** A new PostgreSQL database on the TEST_DATABASE_URL server, and its removal with whatever is still connected. */
export const freshPostgres = (adminUrl: string) => scratchDatabase(adminUrl, 'ac_events');

/** The platform over HTTP as the admin: sign-in, then JSON calls. */
export const httpAdmin = async (baseUrl: string) => {
    const login = await fetch(`${baseUrl}/api/v2/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: ROOT.email, password: ROOT.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const call = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(`${baseUrl}/api/v2${path}`, {
            method,
            headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
            body: body ? JSON.stringify(body) : undefined,
        });
        const text = await res.text();
        return { status: res.status, body: text ? JSON.parse(text) : undefined };
    };
    return { token, call };
};

/** Registers a reader (it lands in the main account, pending), approves it and returns its credential. */
export const httpReader = async (baseUrl: string, admin: Awaited<ReturnType<typeof httpAdmin>>, hardwareId: string) => {
    const reader = {
        hardware_id: hardwareId,
        secret: randomUUID().replaceAll('-', ''),
        pairing_code: '123456',
        board_type: 'rock-gen3',
        release: '4.1.0',
    };
    const register = () =>
        fetch(`${baseUrl}/api/v2/device/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(reader),
        }).then(r => r.json() as Promise<{ device_id: number; device_key?: string }>);
    const { device_id } = await register();
    const approved = await admin.call('PUT', `/devices/${device_id}/approve`, {});
    if (approved.status !== 200) throw new Error(`approve ${approved.status}`);
    const { device_key } = await register();
    return { id: device_id, authorization: `Device ${device_id}.${device_key}` };
};
