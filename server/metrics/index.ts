import pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/database';

/** One sample a gauge read at scrape time reports: its labels (bounded values only: states, kinds) and its value. */
export interface GaugeSample {
    labels: Record<string, string>;
    value: number;
}

/**
 * The gauges a feature fills from the database at each scrape, declared here so that their names, help and
 * labels stay in one place; the feature says how to read them (`Feature.gauges`, server/feature.ts).
 */
export const FEATURE_GAUGES = {
    readers: { help: 'Readers by state: online, offline, or waiting for approval (pending)', labelNames: ['state'] },
    webhook_deliveries: { help: 'Webhook deliveries waiting to be sent, and those that failed (still listed)', labelNames: ['state'] },
    mails: { help: 'Mails waiting to be sent, and those that failed, by kind (alert, invitation)', labelNames: ['kind', 'state'] },
} as const;
export type FeatureGauge = keyof typeof FEATURE_GAUGES;

/** How a feature reads one of the FEATURE_GAUGES at scrape time. */
export interface GaugeReading {
    gauge: FeatureGauge;
    read(db: Db): Promise<GaugeSample[]>;
}

/** The label of a request no route matched: the raw URL would make a series per address asked. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The process's and Node.js's own figures (memory, event-loop lag, garbage collection), made once a process: each
 * set keeps an event-loop monitor and a garbage-collection observer running for good, and they describe the process,
 * whichever of its apps reports them.
 */
let defaults: Registry | undefined;
const processMetrics = () => {
    if (!defaults) {
        defaults = new Registry();
        collectDefaultMetrics({ register: defaults });
    }
    return defaults;
};

/**
 * The platform's Prometheus metrics, one registry per app instance (not prom-client's global one: tests start
 * several platforms in one process). The kernel declares every metric; features count through it
 * (docs/ops.md "Metrics"). Labels take bounded values only: route patterns, event groups, job names.
 */
export const createMetrics = (db: Db) => {
    const own = new Registry();
    const registers = [own];

    const readings = new Map<string, GaugeReading>();
    for (const [name, { help, labelNames }] of Object.entries(FEATURE_GAUGES))
        new Gauge({
            name,
            help,
            labelNames,
            registers,
            async collect() {
                // Read before the reset: two scrapes at once must not add their counts together. A database that
                // does not answer leaves the gauge without samples (absent in Prometheus), and the process's
                // figures are still served.
                const samples = await Promise.all([...readings.values()].filter(r => r.gauge === name).map(r => r.read(db))).then(
                    all => all.flat(),
                    () => [],
                );
                this.reset();
                for (const sample of samples) this.inc(sample.labels, sample.value);
            },
        });

    const pool = (db as unknown as { $client: unknown }).$client;
    // node-postgres says how many of its connections are checked out and how many callers wait for one; the
    // embedded database (PGlite) has one connection, in its own thread, which queries queue on: 1 and 0.
    const postgres = pool instanceof pg.Pool ? pool : undefined;
    new Gauge({
        name: 'db_pool_connections_in_use',
        help: 'Database connections in use (PGlite: always 1, its only connection)',
        registers,
        collect() {
            this.set(postgres ? postgres.totalCount - postgres.idleCount : 1);
        },
    });
    new Gauge({
        name: 'db_pool_waiting',
        help: 'Queries waiting for a database connection (PGlite: always 0, queries queue inside its thread)',
        registers,
        collect() {
            this.set(postgres ? postgres.waitingCount : 0);
        },
    });

    let liveConsoles: () => number = () => 0;
    new Gauge({
        name: 'live_consoles',
        help: 'Consoles connected to the live events stream of this instance',
        registers,
        collect() {
            this.set(liveConsoles());
        },
    });

    const metrics = {
        httpRequestDuration: new Histogram({
            name: 'http_request_duration_seconds',
            help: 'Time to answer HTTP requests, by method, route pattern and status code',
            labelNames: ['method', 'route', 'status_code'],
            buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
            registers,
        }),
        eventsIngested: new Counter({
            name: 'events_ingested_total',
            help: 'Security events readers posted that were stored (not those sent again), by event group',
            labelNames: ['group'],
            registers,
        }),
        eventsRefused: new Counter({
            name: 'events_refused_total',
            help: 'Security events readers posted that were refused (malformed, in the future, missing image...)',
            registers,
        }),
        eventImageBytesStored: new Counter({
            name: 'event_image_bytes_stored_total',
            help: 'Bytes of event images written to storage',
            registers,
        }),
        jobsRun: new Counter({ name: 'jobs_run_total', help: 'Scheduled job runs, by job', labelNames: ['job'], registers }),
        jobsFailed: new Counter({
            name: 'jobs_failed_total',
            help: 'Scheduled job runs that failed, by job',
            labelNames: ['job'],
            registers,
        }),
        /** A feature's way to read a gauge at scrape time; the same key given again replaces the reading. */
        readGauge(key: string, reading: GaugeReading) {
            readings.set(key, reading);
        },
        /** How many consoles the live events feed of this instance serves (the events feature's GET /events/live). */
        countLiveConsoles(count: () => number) {
            liveConsoles = count;
        },
    };
    // what /metrics exposes: this instance's metrics, made above, with the process's
    return { ...metrics, registry: Registry.merge([processMetrics(), own]) };
};

export type Metrics = ReturnType<typeof createMetrics>;
