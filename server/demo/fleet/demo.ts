import type { DemoFleetPlan } from '../seed-devices';
import { Fleet } from './fleet';
import { eventsPlugin } from './events';
import { firmwarePlugin } from './firmware';

/**
 * The demo platform's readers, started with the server: the readers the demo
 * seed approved, plus two that wait for approval. Outages now and then show
 * readers going offline and coming back; they post security events with
 * camera frames (eventRate per second between them) and take part in
 * firmware deployments (one install in twenty fails).
 */
export const startDemoFleet = (options: { url: string; size: number; plan: DemoFleetPlan; eventRate: number; outagesPerHour: number }) =>
    new Fleet({
        url: options.url,
        devices: options.size,
        seed: options.plan.seed,
        prefix: options.plan.prefix ?? 'SIM',
        registrationCode: i => options.plan.codes[i % options.plan.codes.length],
        rampMs: 3000,
        outagesPerHour: options.outagesPerHour,
        outageMs: [60_000, 240_000],
        readerPlugins: [firmwarePlugin({ failureRate: 0.05 })],
        fleetPlugins: options.eventRate > 0 ? [eventsPlugin({ ratePerSecond: options.eventRate })] : [],
    }).start();
