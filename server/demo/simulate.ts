// npm run simulate -- --url http://localhost:8080 --devices 20 --rate 2
// A fleet of simulated readers against any platform server, speaking the device API as physical readers do.
import { parseArgs } from 'node:util';
import { startGenetecSimulator } from './genetec/simulator';
import { API_BASE } from '../../contract/constants';
import { parseReaderSetup } from '../../contract/qrcode';
import { Fleet } from './fleet/fleet';
import { eventsPlugin } from './fleet/events';
import { firmwarePlugin } from './fleet/firmware';

const USAGE = `Usage: npm run simulate -- --url URL [options]
  --url URL            the platform (default http://localhost:8080)
  --devices N          how many readers (default 20)
  --rate R             security events per second over the whole fleet (default 1)
  --code XXXX-XXXX     an account's device registration code (Devices page); without it readers wait in the platform's main account
  --setup TEXT         the text of a reader-setup QR code (QR Code page): its platform address and code
  --seed TEXT          derives the readers' secrets: the same seed is the same fleet (default "simulate")
  --prefix TEXT        hardware_id prefix (default SIM)
  --duration SECONDS   stop after this long (default 3600)
  --outages N          per reader and hour, chance of going silent a few minutes (default 0.5)
  --failure-rate F     chance that a firmware install fails (default 0.05)
  --approve EMAIL:PASSWORD   approve the fleet's pending readers as this user
  --genetec PORT       also start a simulated Genetec Security Center Web SDK on this port (alone unless --devices is given)
  --genetec-cardholders N    cardholders it holds (default 200)
  --genetec-https      serve it over https with a self-signed certificate (printed, for the account's certificate)`;

const { values } = parseArgs({
    options: {
        url: { type: 'string', default: 'http://localhost:8080' },
        devices: { type: 'string' },
        rate: { type: 'string', default: '1' },
        code: { type: 'string' },
        setup: { type: 'string' },
        seed: { type: 'string', default: 'simulate' },
        prefix: { type: 'string', default: 'SIM' },
        duration: { type: 'string', default: '3600' },
        outages: { type: 'string', default: '0.5' },
        'failure-rate': { type: 'string', default: '0.05' },
        approve: { type: 'string' },
        genetec: { type: 'string' },
        'genetec-cardholders': { type: 'string', default: '200' },
        'genetec-https': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
    },
});
if (values.help) {
    console.log(USAGE);
    process.exit(0);
}
// A reader-setup QR code's text stands for --url and --code, as a reader's camera would read it.
const setup = values.setup ? parseReaderSetup(values.setup) : undefined;
const url = (setup?.platform_url ?? values.url).replace(/\/$/, '');
const code = setup?.registration_code ?? values.code;
const devices = Number(values.devices ?? '20');
const rate = Number(values.rate);
const duration = Number(values.duration);
if (!Number.isInteger(devices) || devices < 1 || !(rate >= 0) || !(duration > 0)) {
    console.error(USAGE);
    process.exit(2);
}

if (values.genetec !== undefined) {
    const port = Number(values.genetec);
    const count = Number(values['genetec-cardholders']);
    if (!Number.isInteger(port) || port < 0 || port > 65535 || !Number.isInteger(count) || count < 0) {
        console.error(USAGE);
        process.exit(2);
    }
    const user = { username: 'admin', password: 'Genetec#Sim1', applicationId: 'ACCESS-CONSOLE-SIM' };
    const genetec = await startGenetecSimulator({ port, host: '0.0.0.0', users: [user], https: values['genetec-https'] });
    genetec.data.generate(count);
    console.log(
        `Genetec Security Center Web SDK (simulated) at ${genetec.url.replace('127.0.0.1', 'localhost')} with ${count} cardholders: user name ${user.username}, application ID ${user.applicationId}, password ${user.password}`,
    );
    if (genetec.certificatePem) console.log(`Its certificate (upload it as the account's certificate):\n${genetec.certificatePem}`);
    if (values.devices === undefined) {
        const stopGenetec = () => void genetec.close().then(() => process.exit(0));
        process.on('SIGINT', stopGenetec);
        process.on('SIGTERM', stopGenetec);
        await new Promise(() => undefined);
    }
}

const events = rate > 0 ? eventsPlugin({ ratePerSecond: rate }) : undefined;
const fleet = new Fleet({
    url,
    devices,
    seed: values.seed,
    prefix: values.prefix,
    registrationCode: code,
    durationMs: duration * 1000,
    outagesPerHour: Number(values.outages),
    rampMs: Math.min(10_000, devices * 5),
    readerPlugins: [firmwarePlugin({ failureRate: Number(values['failure-rate']) })],
    fleetPlugins: events ? [events] : [],
}).start();

/** Signs in as the given user and approves the readers of this fleet that wait. */
const approver = async (credentials: string) => {
    const [username, ...rest] = credentials.split(':');
    const res = await fetch(`${url}${API_BASE}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: rest.join(':') }),
    });
    if (!res.ok) throw new Error(`sign-in as ${username}: ${res.status} ${await res.text()}`);
    const { token } = (await res.json()) as { token?: string };
    if (!token) throw new Error(`sign-in as ${username} needs a second factor: approve the readers in the console`);
    const approved = new Set<number>();
    return async () => {
        for (const reader of fleet.readers.filter(r => r.state === 'pending' && r.id !== undefined && !approved.has(r.id))) {
            const done = await fetch(`${url}${API_BASE}/devices/${reader.id}/approve`, {
                method: 'PUT',
                headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
                body: '{}',
            });
            if (done.ok || done.status === 409) approved.add(reader.id!);
        }
    };
};
const approve = values.approve ? await approver(values.approve) : undefined;

const report = () => {
    const count = (state: string) => fleet.readers.filter(r => r.state === state).length;
    const up = fleet.online.length;
    console.log(
        `${new Date().toISOString().slice(11, 19)}  readers: ${count('approved')} approved (${up} up), ${count('pending')} pending, ${count('rejected')} rejected, ${count('authentication_required')} to authenticate · steps ${fleet.stats.steps} · outages ${fleet.stats.outages} · events ${events ? `${events.stats.accepted} stored, ${events.stats.rejected} refused` : 'off'} · errors ${fleet.stats.errors}${fleet.stats.lastError ? ` (last: ${fleet.stats.lastError})` : ''}`,
    );
};
console.log(
    `Simulating ${devices} readers against ${url} for ${duration} s${code ? ` in the account of code ${code}` : ' (waiting for approval in the main account)'}. Ctrl-C stops.`,
);
const timer = setInterval(() => {
    report();
    void approve?.().catch(error => console.error((error as Error).message));
}, 5000);
const stop = async () => {
    clearInterval(timer);
    await fleet.stop();
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
await fleet.whenStopped();
clearInterval(timer);
report();
process.exit(0);
