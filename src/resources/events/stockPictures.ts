import { eventGroupOf, isEventType, type EventGroup, type EventRecord } from '../../../contract/events';
import authenticated from './pictures/authenticated.svg';
import crossing from './pictures/crossing.svg';
import device from './pictures/device.svg';
import enrollment from './pictures/enrollment.svg';
import fullDisk from './pictures/full-disk.svg';
import mismatch from './pictures/mismatch.svg';
import profiles from './pictures/profiles.svg';
import retention from './pictures/retention.svg';
import security from './pictures/security.svg';
import sip from './pictures/sip.svg';
import spoofing from './pictures/spoofing.svg';
import tailgating from './pictures/tailgating.svg';
import unauthorized from './pictures/unauthorized.svg';
import unknown from './pictures/unknown.svg';

const BY_GROUP: Record<EventGroup, string> = {
    all: unknown,
    authenticated,
    enrollment,
    tailgating,
    crossing,
    unauthorized,
    security,
    profiles,
    mismatchDetection: mismatch,
    device,
    sip,
    spoofing,
};

export interface StockPicture {
    src: string;
    /** i18n key of the picture's description (its alt text) */
    alt: string;
    /** i18n key of the text under it (SPEC 8.3) */
    message: string;
    group: EventGroup;
}

/**
 * SPEC 2.7: when an event's image cannot be shown, a stock picture chosen by
 * the reason (retention, full disk) or else by the event's type; SPEC 8.3
 * gives the text under it.
 */
export const stockPicture = (event: Pick<EventRecord, 'event' | 'image_reason'> & { group?: EventGroup }): StockPicture => {
    const group = event.group ?? (isEventType(event.event) ? eventGroupOf(event.event) : 'all');
    if (event.image_reason === 'retention')
        return { src: retention, alt: 'resources.events.image.picture.retention', message: 'resources.events.image.retention', group };
    if (event.image_reason === 'full disk')
        return { src: fullDisk, alt: 'resources.events.image.picture.fullDisk', message: 'resources.events.image.none', group };
    return { src: BY_GROUP[group], alt: 'resources.events.image.picture.type', message: 'resources.events.image.none', group };
};
