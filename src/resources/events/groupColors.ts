import type { EventGroup } from '../../../contract/events';

/** One colour per event group, the same on the dashboard and the statistics charts. */
export const GROUP_COLORS: Record<EventGroup, string> = {
    all: '#78909c',
    authenticated: '#2e7d32',
    enrollment: '#1f4e79',
    tailgating: '#ef6c00',
    crossing: '#f9a825',
    unauthorized: '#c62828',
    security: '#6a1b9a',
    profiles: '#00838f',
    mismatchDetection: '#ad1457',
    device: '#546e7a',
    sip: '#3949ab',
    spoofing: '#6d4c41',
};
