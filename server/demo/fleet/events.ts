import { API_BASE } from '../../../contract/constants';
import type { AccessListEntry } from '../../../contract/device-api';
import { MAX_EVENTS_PER_BATCH, type DeviceEventInput, type DeviceEventsReply } from '../../../contract/device-events';
import type { EventType } from '../../../contract/events';
import { mayPassNow, onBadge } from './credentials';
import type { Fleet, FleetPlugin } from './fleet';
import { FramePool, type Frame } from './frames';
import type { SimulatedReader } from './reader';

export interface EventsPluginOptions {
    /** events per second over the whole fleet, spread over the online readers */
    ratePerSecond: number;
    /** how often events are sent; each reader sends what it has as one batch */
    everyMs?: number;
    /** every 200 reply to a batch, as the reader received it: what the platform acknowledged (a failover run checks it is all stored) */
    onAcknowledged?: (reader: SimulatedReader, reply: DeviceEventsReply) => void;
}

export interface EventsPluginStats {
    /** events that happened at the readers */
    produced: number;
    sent: number;
    accepted: number;
    duplicates: number;
    rejected: number;
    failedRequests: number;
    lastRejection?: string;
}

/** An event as a reader has it before sending: the event and its picture. */
interface Pending {
    event: DeviceEventInput;
    image?: Buffer;
}

/** A reader keeps what it could not send, as a physical one does while the network is down, up to this many events. */
const BACKLOG_MAX = 500;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const weighted = <T extends string>(weights: Record<T, number>): T => {
    const total = Object.values<number>(weights).reduce((a, b) => a + b, 0);
    let r = Math.random() * total;
    for (const [key, weight] of Object.entries<number>(weights)) if ((r -= weight) < 0) return key as T;
    return Object.keys(weights)[0] as T;
};

/** How people authenticate at a reader, by its role (SPEC 4.6 device roles). */
const AUTHENTICATIONS_BY_ROLE: Record<string, Partial<Record<EventType, number>>> = {
    'badge-only': { '1FABadgeAuthenticated': 1 },
    'one-fa-face-only': { '1FAFaceAuthenticated': 1 },
    'two-fa': { '2FAAuthenticated': 16, '2FAMAuthenticated': 3 },
    default: { '1FAFaceAuthenticated': 12, '1FABadgeAuthenticated': 7 },
};
const SIP_CALLS: EventType[][] = [
    ['SIPOutgoingInitiated', 'SIPOutgoingEstablished', 'SIPOutgoingLocalHangup'],
    ['SIPOutgoingInitiated', 'SIPOutgoingEstablished', 'SIPOutgoingRemoteHangup'],
    ['SIPOutgoingInitiated', 'SIPOutgoingFailure'],
    ['SIPOutgoingInitiated', 'SIPOutgoingContactFailure'],
    ['SIPIncomingReceived', 'SIPIncomingRemoteHangup'],
    ['SIPIncomingReceived', 'SIPIncomingLocalHangup'],
    ['SIPIncomingRejected'],
    ['SIPIncomingFailure'],
];
const STATIONS = ['Front desk 201', 'Security office 100', 'Reception 2F', 'Guard post B'];

/** How a reader makes its events: a picture with its faces for those that have one, ids unique in the fleet. */
interface EventMaker {
    withFace(reader: SimulatedReader, event: EventType, people: (AccessListEntry | null)[], extra?: Partial<DeviceEventInput>): Pending;
    plain(reader: SimulatedReader, event: EventType, extra?: Partial<DeviceEventInput>): Pending;
}

const eventMaker = (): EventMaker => {
    const frames = new FramePool();
    let sequence = 0;
    return {
        withFace: (reader, event, people, extra = {}) => {
            const frame: Frame = frames.get(people.length);
            return {
                event: {
                    device_event_id: `${reader.identity.hardwareId}-${Date.now().toString(36)}-${++sequence}`,
                    event,
                    timestamp: new Date().toISOString(),
                    image: `frame${sequence}`,
                    profiles: people.map((person, i) => ({
                        profile_id: person?.profile_id ?? null,
                        ...(person?.badges[0]
                            ? { badge_number: person.badges[0].badge_number, facility_code: person.badges[0].facility_code ?? undefined }
                            : {}),
                        roi: frame.rois[i],
                    })),
                    ...extra,
                },
                image: frame.jpeg,
            };
        },
        plain: (reader, event, extra = {}) => ({
            event: {
                device_event_id: `${reader.identity.hardwareId}-${Date.now().toString(36)}-${++sequence}`,
                event,
                timestamp: new Date().toISOString(),
                ...extra,
            },
        }),
    };
};

/** What happens at a reader now: its mode and its access list decide. `tampered`: the parts of readers left open. */
const happen = (make: EventMaker, tampered: Set<string>, reader: SimulatedReader): Pending[] => {
    const { withFace, plain } = make;
    const people = reader.config?.access_list ?? [];
    const someone = () => (people.length ? pick(people) : null);
    if (reader.deviceMode === 'enrollment') {
        const kind = weighted({
            '1FAProfileCreate': 40,
            '1FAProfileComplete': 25,
            '1FAProfileUpdate': 15,
            FullEnrollment: 10,
            EnrollmentFailure: 10,
        });
        return [withFace(reader, kind, [kind === 'EnrollmentFailure' ? null : someone()])];
    }
    const kind = weighted({
        authentication: 70,
        // an opted-out person badging in: their badge alone, no picture (credentials.ts)
        optOut: reader.config?.opt_out.length ? 3 : 0,
        mismatch: reader.deviceMode === 'two-fa' ? 3 : 0,
        incident: 9,
        spoofing: 1,
        tamper: 3,
        sip: 8,
        profile: 3,
        unsupported: 1,
    });
    switch (kind) {
        case 'optOut': {
            const badge = pick(reader.config!.opt_out);
            const decision = onBadge(reader.config!, reader.deviceMode, badge);
            return [
                plain(reader, decision.event, {
                    profiles: [{ profile_id: null, badge_number: badge.badge_number, facility_code: badge.facility_code ?? undefined }],
                }),
            ];
        }
        case 'authentication':
            return [authentication(make, reader, someone())];
        case 'mismatch':
            return [withFace(reader, '2FAMismatch', [someone()])];
        case 'incident':
            return [incident(make, reader, someone)];
        case 'spoofing':
            return [withFace(reader, pick(['SpoofingWithAccess', 'SpoofingWithoutAccess'] as const), [someone()])];
        case 'tamper':
            return [tamper(make, tampered, reader)];
        case 'sip': {
            const remote_station = pick(STATIONS);
            return pick(SIP_CALLS).map(type => plain(reader, type, { sip_call: { remote_station } }));
        }
        case 'profile': {
            const person = someone();
            const type = pick(['ProfileDeleted', 'BiometricOptOutAdded', 'WebEnrollmentCompleted'] as const);
            return [plain(reader, type, person ? { profiles: [{ profile_id: person.profile_id }] } : {})];
        }
        default:
            return [plain(reader, 'Unsupported')];
    }
};

/** Someone of the access list (or no one known) at the reader, let through or refused as the reader decides. */
const authentication = ({ withFace, plain }: EventMaker, reader: SimulatedReader, person: AccessListEntry | null): Pending => {
    if (!person) return withFace(reader, 'UnauthorizedEntryByUnknownUser', [null]);
    // Outside every window of the person's groups here: refused, offline, as the reader decides (docs/decisions.md "Schedules").
    if (!mayPassNow(reader.config!, person, new Date())) return withFace(reader, 'UnauthorizedEntryByKnownUser', [person]);
    // An adaptive badge: the reader asks for the face with it.
    const adaptive = person.badges.find(b => b.two_factor && b.enabled);
    if (adaptive) return withFace(reader, onBadge(reader.config!, reader.deviceMode, adaptive).event, [person]);
    const type = weighted(
        (AUTHENTICATIONS_BY_ROLE[reader.deviceMode ?? ''] ?? AUTHENTICATIONS_BY_ROLE.default!) as Record<EventType, number>,
    );
    return type === '1FABadgeAuthenticated'
        ? plain(reader, type, {
              profiles: [
                  {
                      profile_id: person.profile_id,
                      ...(person.badges[0] ? { badge_number: person.badges[0].badge_number } : {}),
                  },
              ],
          })
        : withFace(reader, type, [person]);
};

/** Tailgating, crossings, unauthorized entries. */
const incident = ({ withFace }: EventMaker, reader: SimulatedReader, someone: () => AccessListEntry | null): Pending => {
    const type = weighted({
        TailgatingByKnownUser: 3,
        TailgatingByUnknownUser: 2,
        CrossingByKnownUser: 2,
        CrossingByUnknownUser: 2,
        UnauthorizedEntryByKnownUser: 1,
        UnauthorizedEntryByUnknownUser: 2,
    });
    const known = type.endsWith('KnownUser') ? someone() : null;
    // Tailgating: the one who badged and the one who followed.
    return withFace(
        reader,
        type,
        type.startsWith('Tailgating') ? [known, null] : [known],
        type.startsWith('Tailgating') ? { tailgated: true } : {},
    );
};

/** The device or its reader part opened, or closed again. */
const tamper = ({ withFace, plain }: EventMaker, tampered: Set<string>, reader: SimulatedReader): Pending => {
    const which = pick(['Device', 'Reader'] as const);
    const key = `${reader.identity.hardwareId}/${which}`;
    const detected = !tampered.has(key);
    if (detected) tampered.add(key);
    else tampered.delete(key);
    const type = `Tampered${which}${detected ? 'Detected' : 'Restored'}` as EventType;
    return detected ? withFace(reader, type, []) : plain(reader, type);
};

/**
 * How readers post their events and keep what they could not send: a backlog per reader, and after a failed
 * post a wait before sending again, twice as long each time (with jitter, at most a minute).
 */
const eventPoster = (stats: EventsPluginStats, onAcknowledged: EventsPluginOptions['onAcknowledged']) => {
    const backlog = new Map<string, Pending[]>();
    const backoff = new Map<string, { failures: number; until: number }>();

    const keep = (reader: SimulatedReader, batch: Pending[]) =>
        backlog.set(reader.identity.hardwareId, [...batch, ...(backlog.get(reader.identity.hardwareId) ?? [])].slice(-BACKLOG_MAX));

    const send = async (fleet: Fleet, reader: SimulatedReader, batch: Pending[]) => {
        const form = new FormData();
        form.append('events', JSON.stringify(batch.map(p => p.event)));
        for (const p of batch)
            if (p.image && p.event.image)
                form.append(p.event.image, new Blob([new Uint8Array(p.image)], { type: 'image/jpeg' }), `${p.event.image}.jpg`);
        stats.sent += batch.length;
        try {
            const res = await fetch(`${fleet.options.url}${API_BASE}/device/events`, {
                method: 'POST',
                headers: { authorization: reader.auth! },
                body: form,
                signal: AbortSignal.timeout(30_000),
            });
            if (res.status !== 200) throw new Error(`events ${reader.identity.hardwareId}: ${res.status} ${await res.text()}`);
            const reply = (await res.json()) as DeviceEventsReply;
            onAcknowledged?.(reader, reply);
            stats.accepted += reply.accepted.length;
            stats.duplicates += reply.accepted.filter(a => a.duplicate).length;
            stats.rejected += reply.rejected.length;
            if (reply.rejected.length) stats.lastRejection = reply.rejected[0]!.error;
            backoff.delete(reader.identity.hardwareId);
        } catch (error) {
            // Kept for a later round, as a reader buffers events while it cannot reach the platform.
            stats.failedRequests++;
            keep(reader, batch);
            const failures = (backoff.get(reader.identity.hardwareId)?.failures ?? 0) + 1;
            backoff.set(reader.identity.hardwareId, {
                failures,
                until: Date.now() + Math.min(60_000, 1000 * 2 ** (failures - 1)) * (0.75 + Math.random() * 0.5),
            });
            throw error;
        }
    };

    return {
        keep,
        send,
        /** what the reader kept, taken to be sent now */
        take: (reader: SimulatedReader) => {
            const waiting = backlog.get(reader.identity.hardwareId);
            backlog.delete(reader.identity.hardwareId);
            return waiting;
        },
        backingOff: (reader: SimulatedReader) => (backoff.get(reader.identity.hardwareId)?.until ?? 0) > Date.now(),
        waiting: () => [...backlog.values()].reduce((n, pending) => n + pending.length, 0),
    };
};

/**
 * Events at `ratePerSecond` over the online readers of a fleet, as readers
 * post them (POST /device/events, multipart with a camera frame per event
 * that has a face): mostly authentications of the profiles in each reader's
 * access list, some incidents (tailgating with two people, crossings,
 * unauthorized entries, spoofing), enrollments when the reader is in
 * enrollment mode, tamper alarms and SIP calls. Events a reader could not
 * send are kept and sent again; the platform stores them once.
 */
export const eventsPlugin = ({
    ratePerSecond,
    everyMs = 1000,
    onAcknowledged,
}: EventsPluginOptions): FleetPlugin & { stats: EventsPluginStats; waiting(): number } => {
    const make = eventMaker();
    const tampered = new Set<string>();
    const stats: EventsPluginStats = { produced: 0, sent: 0, accepted: 0, duplicates: 0, rejected: 0, failedRequests: 0 };
    const poster = eventPoster(stats, onAcknowledged);
    let carry = 0;

    return {
        name: 'events',
        everyMs,
        stats,
        /** events kept at the readers, not yet acknowledged by the platform */
        waiting: poster.waiting,
        async tick(fleet) {
            const online = fleet.online;
            if (!online.length || ratePerSecond <= 0) return;
            carry += (ratePerSecond * everyMs) / 1000;
            const count = Math.floor(carry);
            carry -= count;
            const batches = new Map<SimulatedReader, Pending[]>();
            for (const reader of online) {
                const waiting = poster.take(reader);
                if (waiting?.length) batches.set(reader, waiting);
            }
            for (let i = 0; i < count; i++) {
                const reader = pick(online);
                const happened = happen(make, tampered, reader);
                stats.produced += happened.length;
                batches.set(reader, [...(batches.get(reader) ?? []), ...happened]);
            }
            // A reader backing off after a failure keeps what it has for later.
            for (const [reader, pending] of batches) {
                if (!poster.backingOff(reader)) continue;
                poster.keep(reader, pending);
                batches.delete(reader);
            }
            const results = await Promise.allSettled(
                [...batches].flatMap(([reader, pending]) =>
                    Array.from({ length: Math.ceil(pending.length / MAX_EVENTS_PER_BATCH) }, (_, k) =>
                        poster.send(fleet, reader, pending.slice(k * MAX_EVENTS_PER_BATCH, (k + 1) * MAX_EVENTS_PER_BATCH)),
                    ),
                ),
            );
            const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
            if (failed) throw failed.reason;
        },
    };
};
