import type { AccessListEntry, DeviceConfig } from '../../../contract/device-api';
import type { EventType } from '../../../contract/events';
import { groupsOpen } from '../../../contract/schedules';

export interface PresentedBadge {
    card_format_id: number;
    facility_code: number | null;
    badge_number: number;
}

export interface Decision {
    event: EventType;
    /** the reader takes a picture of the face (never for an opted-out badge) */
    face: boolean;
    profile: AccessListEntry | null;
}

const same = (a: PresentedBadge, b: PresentedBadge) =>
    a.card_format_id === b.card_format_id && (a.facility_code ?? null) === (b.facility_code ?? null) && a.badge_number === b.badge_number;

type Held = Pick<DeviceConfig, 'access_list' | 'opt_out'> & Partial<Pick<DeviceConfig, 'access_groups' | 'schedules'>>;

/**
 * Whether a known person may pass now (docs/decisions.md "Schedules"): inside the windows of one
 * of their groups at this reader, a group without a schedule being always
 * open. A configuration from before schedules has none: always open.
 */
export const mayPassNow = (config: Held, entry: AccessListEntry, now: Date) =>
    groupsOpen(entry.access_group_ids, config.access_groups ?? entry.access_group_ids.map(id => ({ id })), config.schedules ?? [], now);

/**
 * What a reader does when a badge is presented, from its configuration
 * alone (readers decide offline): an opted-out badge passes on the badge
 * alone with no picture taken (its holder refused biometrics); an adaptive
 * badge asks for the face too; a badge of the access list passes as the
 * reader's mode says, inside its groups' schedules, and outside them is a
 * known user's unauthorized entry; any other badge is an unknown user's.
 */
export const onBadge = (config: Held, deviceMode: string | undefined, badge: PresentedBadge, now: Date = new Date()): Decision => {
    if (config.opt_out.some(o => same(o, badge)))
        return {
            event: deviceMode === 'two-fa' ? '2FABiometricOptOutAuthenticated' : '1FABiometricOptOutAuthenticated',
            face: false,
            profile: null,
        };
    for (const entry of config.access_list) {
        const held = entry.badges.find(b => same(b, badge));
        if (!held || !held.enabled) continue;
        if (!mayPassNow(config, entry, now)) return { event: 'UnauthorizedEntryByKnownUser', face: true, profile: entry };
        if (held.two_factor || deviceMode === 'two-fa') return { event: '2FAAuthenticated', face: true, profile: entry };
        return {
            event: deviceMode === 'one-fa-face-only' ? '1FAFaceAuthenticated' : '1FABadgeAuthenticated',
            face: deviceMode === 'one-fa-face-only',
            profile: entry,
        };
    }
    return { event: 'UnauthorizedEntryByUnknownUser', face: true, profile: null };
};

/** The profiles whose face the reader keeps: those of its access list (an opted-out badge's holder is not among them). */
export const facesKept = (config: Pick<DeviceConfig, 'access_list' | 'opt_out'>) =>
    config.access_list.filter(entry => !entry.badges.some(b => config.opt_out.some(o => same(o, b)))).map(entry => entry.profile_id);
