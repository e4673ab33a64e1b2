import type { AccessListEntry, DeviceConfig } from '../../../contract/device-api';
import type { EventType } from '../../../contract/events';

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

/**
 * What a reader does when a badge is presented, from its configuration
 * alone (readers decide offline): an opted-out badge passes on the badge
 * alone with no picture taken (its holder refused biometrics); an adaptive
 * badge asks for the face too; a badge of the access list passes as the
 * reader's mode says; any other badge is an unknown user's.
 */
export const onBadge = (
    config: Pick<DeviceConfig, 'access_list' | 'opt_out'>,
    deviceMode: string | undefined,
    badge: PresentedBadge,
): Decision => {
    if (config.opt_out.some(o => same(o, badge)))
        return {
            event: deviceMode === 'two-fa' ? '2FABiometricOptOutAuthenticated' : '1FABiometricOptOutAuthenticated',
            face: false,
            profile: null,
        };
    for (const entry of config.access_list) {
        const held = entry.badges.find(b => same(b, badge));
        if (!held || !held.enabled) continue;
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
