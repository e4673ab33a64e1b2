import { createHash } from 'node:crypto';
import type { DeploymentInstructions, DeploymentLogLine, ReportedStatus } from '../../../contract/firmware';
import type { ReaderPlugin, SimulatedReader } from './reader';

/** One report a simulated reader sent, as it sent it. */
export interface FirmwareReport {
    hardwareId: string;
    deploymentId: number;
    status: ReportedStatus;
    attempt: number;
    at: number;
    /** the server's answer */
    reply: number;
}

export interface FirmwarePluginOptions {
    /** chance that an install fails (0..1) */
    failureRate?: number;
    /** decides instead of failureRate whether this attempt fails */
    fails?: (reader: SimulatedReader, attempt: number, deploymentId: number) => boolean;
    /** how long installing takes */
    installMs?: number;
    /** how long the reboot into the new firmware keeps the reader silent */
    rebootMs?: number;
}

export interface FirmwarePlugin extends ReaderPlugin {
    /** the reports sent, in order: the last REPORTS_KEPT, so a fleet running for months stays small */
    readonly reports: FirmwareReport[];
    /** resolves once no update is under way on any reader */
    idle(): Promise<void>;
}

interface ReaderUpdate {
    busy: boolean;
    /** rebooted into this firmware: report success once back */
    rebootedInto?: { deploymentId: number; name: string; attempt: number };
}

const REPORTS_KEPT = 10_000;
const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));
const line = (level: DeploymentLogLine['level'], message: string): DeploymentLogLine => ({
    timestamp: new Date().toISOString(),
    level,
    message,
});

/**
 * Firmware updates on simulated readers, as the Mender client on a physical
 * one does them: after a heartbeat it asks for its next deployment (saying
 * which release and device type it runs), downloads the artifact with its own
 * credential, checks its size and SHA-256, installs it (failing now and
 * then, at the rate given), reboots into it (silent meanwhile) and reports
 * success from the new release. Every step is reported with log lines; an
 * aborted deployment (409) stops it.
 */
export const firmwarePlugin = (options: FirmwarePluginOptions = {}): FirmwarePlugin => {
    const updates = new WeakMap<SimulatedReader, ReaderUpdate>();
    const running = new Set<Promise<void>>();
    const reports: FirmwareReport[] = [];
    const stateOf = (reader: SimulatedReader) => {
        let state = updates.get(reader);
        if (!state) updates.set(reader, (state = { busy: false }));
        return state;
    };

    /** Sends one report; false when the platform says the deployment is over for this reader. */
    const report = async (
        reader: SimulatedReader,
        deploymentId: number,
        attempt: number,
        status: ReportedStatus,
        log: DeploymentLogLine[],
    ) => {
        const res = await reader.call('PUT', `/deployments/${deploymentId}/status`, { status, log });
        reports.push({ hardwareId: reader.identity.hardwareId, deploymentId, status, attempt, at: Date.now(), reply: res.status });
        if (reports.length > REPORTS_KEPT) reports.splice(0, reports.length - REPORTS_KEPT);
        for (const l of log) reader.log(l.level, `deployment ${deploymentId}: ${l.message}`);
        return res.status === 204;
    };

    const install = async (reader: SimulatedReader, next: DeploymentInstructions) => {
        const { id, artifact, attempt } = next;
        if (
            !(await report(reader, id, attempt, 'downloading', [
                line('info', `Downloading ${artifact.name} (${artifact.size} bytes), attempt ${attempt}.`),
            ]))
        )
            return;
        const hash = createHash('sha256');
        let size = 0;
        try {
            const res = await fetch(artifact.uri, { headers: { authorization: reader.auth! }, signal: AbortSignal.timeout(10 * 60_000) });
            if (!res.ok || !res.body) throw new Error(`download answered ${res.status}`);
            for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
                hash.update(chunk);
                size += chunk.length;
            }
        } catch (error) {
            await report(reader, id, attempt, 'failure', [line('error', `Download failed: ${(error as Error).message}.`)]);
            return;
        }
        const checksum = hash.digest('hex');
        if (size !== artifact.size || checksum !== artifact.checksum) {
            await report(reader, id, attempt, 'failure', [
                line(
                    'error',
                    `Downloaded ${size} bytes with SHA-256 ${checksum}; expected ${artifact.size} bytes with ${artifact.checksum}.`,
                ),
            ]);
            return;
        }
        if (
            !(await report(reader, id, attempt, 'installing', [
                line('info', `Checksum verified (${checksum.slice(0, 16)}…). Writing ${artifact.name} to the inactive partition.`),
            ]))
        )
            return;
        await sleep(options.installMs ?? 1000);
        const failed = options.fails ? options.fails(reader, attempt, id) : Math.random() < (options.failureRate ?? 0);
        if (failed) {
            await report(reader, id, attempt, 'failure', [
                line('error', 'Writing the inactive partition failed: I/O error at block 81920.'),
                line('info', `Still running ${reader.release}.`),
            ]);
            return;
        }
        if (!(await report(reader, id, attempt, 'rebooting', [line('info', `Installed. Rebooting into ${artifact.name}.`)]))) return;
        stateOf(reader).rebootedInto = { deploymentId: id, name: artifact.name, attempt };
        reader.release = artifact.name;
        reader.silence(options.rebootMs ?? 5000);
    };

    const start = (reader: SimulatedReader, work: () => Promise<void>) => {
        const state = stateOf(reader);
        state.busy = true;
        const done: Promise<void> = work()
            .catch(error => reader.log('error', `firmware update: ${(error as Error).message}`))
            .finally(() => {
                state.busy = false;
                running.delete(done);
            });
        running.add(done);
    };

    return {
        name: 'firmware',
        reports,
        async idle() {
            while (running.size) await Promise.all([...running]);
        },
        async afterHeartbeat(reader) {
            const state = stateOf(reader);
            if (state.busy) return;
            const back = state.rebootedInto;
            if (back) {
                // Booted into the new firmware: it is committed and reported.
                state.rebootedInto = undefined;
                start(reader, async () => {
                    await report(reader, back.deploymentId, back.attempt, 'success', [
                        line('info', `Booted ${back.name}. Update committed.`),
                    ]);
                });
                return;
            }
            const query = new URLSearchParams({ artifact_name: reader.release, device_type: reader.identity.boardType });
            const next = await reader.call<DeploymentInstructions>('GET', `/deployments/next?${query}`);
            if (next.status !== 200) return;
            // The update runs beside the heartbeats, as on a reader: it does not hold them up.
            start(reader, () => install(reader, next.body));
        },
    };
};
