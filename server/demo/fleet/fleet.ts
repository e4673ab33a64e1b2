import { readerIdentity, SimulatedReader, type ReaderPlugin } from './reader';

/** Something a feature adds to the fleet as a whole (events at R per second...). */
export interface FleetPlugin {
    name: string;
    everyMs: number;
    tick(fleet: Fleet): Promise<void>;
}

export interface FleetOptions {
    url: string;
    devices: number;
    /** derives each reader's secret: the same seed is the same fleet */
    seed: string;
    /** hardware_id prefix */
    prefix?: string;
    /** registration code for every reader, or one per reader */
    registrationCode?: string | ((index: number) => string | undefined);
    /** readers start spread over this many ms */
    rampMs?: number;
    /** per reader and hour, the chance of going silent for a few minutes (offline, then back) */
    outagesPerHour?: number;
    outageMs?: [number, number];
    /** stop by itself after this long (0: run until stopped) */
    durationMs?: number;
    configPullEvery?: number;
    rebootMs?: number;
    readerPlugins?: ReaderPlugin[];
    fleetPlugins?: FleetPlugin[];
    log?: (line: string) => void;
}

export interface FleetStats {
    steps: number;
    errors: number;
    outages: number;
    lastError?: string;
}

/**
 * N simulated readers on their own timers: each steps every heartbeat
 * interval the platform gives it; fleet plugins tick on theirs. Stops on
 * stop(), or by itself after durationMs.
 */
export class Fleet {
    readonly readers: SimulatedReader[];
    readonly stats: FleetStats = { steps: 0, errors: 0, outages: 0 };
    private readonly timers = new Set<NodeJS.Timeout>();
    /** steps and plugin ticks under way, awaited by stop() so no call is left half-made */
    private readonly inFlight = new Set<Promise<unknown>>();
    private stopped = false;
    private readonly done: Promise<void>;
    private finish!: () => void;
    /** the readers that made their first step (answered or not) */
    private readonly stepped = new Set<SimulatedReader>();
    private readonly firstRound: Promise<void>;
    private firstRoundDone!: () => void;

    constructor(readonly options: FleetOptions) {
        const code = options.registrationCode;
        this.readers = Array.from(
            { length: options.devices },
            (_, i) =>
                new SimulatedReader(readerIdentity(options.seed, i, typeof code === 'function' ? code(i) : code, options.prefix), {
                    baseUrl: options.url,
                    plugins: options.readerPlugins,
                    configPullEvery: options.configPullEvery,
                    rebootMs: options.rebootMs,
                    log: options.log,
                }),
        );
        this.done = new Promise(resolve => (this.finish = resolve));
        this.firstRound = new Promise(resolve => (this.firstRoundDone = resolve));
        if (this.readers.length === 0) this.firstRoundDone();
    }

    get online() {
        return this.readers.filter(r => r.approved && r.up);
    }

    private later(ms: number, fn: () => void) {
        if (this.stopped) return;
        const timer = setTimeout(() => {
            this.timers.delete(timer);
            fn();
        }, ms);
        this.timers.add(timer);
    }

    /** Follows a call under way (stop() waits for it). Its failure is its caller's to handle, never an unhandled rejection here. */
    private track<T>(work: Promise<T>) {
        this.inFlight.add(work);
        const forget = () => void this.inFlight.delete(work);
        work.then(forget, forget);
        return work;
    }

    private schedule(reader: SimulatedReader, delayMs: number) {
        this.later(delayMs, () => {
            void this.track(this.runStep(reader)).finally(() =>
                this.schedule(reader, reader.heartbeatSeconds * 1000 * (0.9 + Math.random() * 0.2)),
            );
        });
    }

    private async runStep(reader: SimulatedReader) {
        try {
            const rate = this.options.outagesPerHour ?? 0;
            if (rate > 0 && reader.approved && reader.up && Math.random() < (rate * reader.heartbeatSeconds) / 3600) {
                const [min, max] = this.options.outageMs ?? [60_000, 180_000];
                reader.silence(min + Math.random() * (max - min));
                this.stats.outages++;
                return;
            }
            await reader.step();
            this.stats.steps++;
        } catch (error) {
            this.stats.errors++;
            this.stats.lastError = (error as Error).message;
        } finally {
            this.stepped.add(reader);
            if (this.stepped.size === this.readers.length) this.firstRoundDone();
        }
    }

    start() {
        const ramp = this.options.rampMs ?? 2000;
        this.readers.forEach((reader, i) => this.schedule(reader, (i / Math.max(1, this.readers.length)) * ramp));
        for (const plugin of this.options.fleetPlugins ?? []) {
            const loop = () =>
                this.later(plugin.everyMs, () => {
                    void this.track(plugin.tick(this))
                        .catch(error => {
                            this.stats.errors++;
                            this.stats.lastError = `${plugin.name}: ${(error as Error).message}`;
                        })
                        .finally(loop);
                });
            loop();
        }
        if (this.options.durationMs) this.later(this.options.durationMs, () => void this.stop());
        return this;
    }

    /** Stops scheduling, then waits (up to 10 s) for the calls under way. */
    async stop() {
        if (this.stopped) return;
        this.stopped = true;
        for (const timer of this.timers) clearTimeout(timer);
        this.timers.clear();
        await Promise.race([Promise.allSettled([...this.inFlight]), new Promise(r => setTimeout(r, 10_000).unref())]);
        this.finish();
    }

    /** resolves once every reader has made its first call (answered or not), or at stop() */
    whenFirstRound() {
        return Promise.race([this.firstRound, this.done]);
    }

    /** resolves when the fleet stops (by itself or by stop()) */
    whenStopped() {
        return this.done;
    }
}
