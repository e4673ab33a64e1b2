import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_IMAGE_PLACEHOLDER, type EventRecord } from '../../contract/events';
import { EventDetails } from '../../src/resources/events/EventDetails';
import { EventThumbnail } from '../../src/resources/events/EventImage';
import eventsEn from '../../src/resources/events/messages.en';
import type { Messages } from '../../src/plugins/types';
import { testSession } from './render';
import { eventRecord, renderEvents, stubObjectUrls, tailgating } from './eventsFixtures';

const typeLabel = (type: string) => ((eventsEn.resources as Messages).events as { types: Record<string, string> }).types[type]!;

/** The stock pictures are inlined SVG: each names itself in its <title>. */
const pictureTitle = (img: HTMLElement) => /<title>([^<]*)<\/title>/.exec(decodeURIComponent(img.getAttribute('src') ?? ''))?.[1];

const jpeg = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

const details = (event: EventRecord, download = vi.fn(async () => jpeg()), session = testSession('dealer')) => {
    renderEvents(<EventDetails event={event} />, { dataProvider: { download }, session });
    return download;
};

/** jsdom decodes no image: give the loaded picture the size a reader's frame has, then say it loaded. */
const loadPicture = async (name: string, width = 640, height = 480) => {
    const img = (await screen.findByRole('img', { name })) as HTMLImageElement;
    Object.defineProperty(img, 'naturalWidth', { value: width });
    Object.defineProperty(img, 'naturalHeight', { value: height });
    fireEvent.load(img);
    return img;
};

beforeEach(stubObjectUrls);

describe('Event Details: the image and its boxes (SPEC 2.6, 2.7)', () => {
    it('an incident shows a box over each profile region, in the image pixels, with who it is', async () => {
        const download = details(tailgating());
        const img = await loadPicture('Tailgating by unknown user');
        expect(download).toHaveBeenCalledWith('/events/2/files/frame.jpg', { account_id: 10 });
        expect(img).toHaveAttribute('src', expect.stringMatching(/^blob:/));
        const overlay = screen.getByRole('img', { name: '2 face regions' });
        expect(overlay).toHaveAttribute('viewBox', '0 0 640 480');
        const boxes = [...overlay.querySelectorAll('rect')].map(r => ['x', 'y', 'width', 'height'].map(a => r.getAttribute(a)).join(','));
        expect(boxes).toEqual(['100,60,80,100', '300,70,70,90']);
        expect(within(overlay).getByText('#42')).toBeInTheDocument();
        expect(within(overlay).getByText('Unknown')).toBeInTheDocument();
    });

    it.each([
        'TamperedReaderDetected',
        'EnrollmentFailure',
        'SpoofingWithoutAccess',
        'CrossingByKnownUser',
        'UnauthorizedEntryByUnknownUser',
    ] as const)('%s is an incident: its region is boxed', async type => {
        details(eventRecord({ event: type, incident: true }));
        await loadPicture(typeLabel(type));
        expect(await screen.findByRole('img', { name: '1 face region' })).toBeInTheDocument();
    });

    it('an authentication is not an incident: the same region draws no box', async () => {
        details(eventRecord());
        await loadPicture('Face authenticated (1FA)');
        expect(screen.queryByRole('img', { name: /face region/ })).toBeNull();
        expect(document.querySelector('rect')).toBeNull();
    });
});

describe('Event Details: pictures when the image cannot be shown (SPEC 2.7, 8.3)', () => {
    it('retention: the retention-policy picture and its text', async () => {
        const download = details(tailgating({ image: null, image_reason: 'retention' }));
        const picture = await screen.findByRole('img', { name: 'Image removed by the retention policy' });
        expect(pictureTitle(picture)).toBe('Retention policy');
        expect(screen.getByText('Image not displayed due to retention policy.')).toBeInTheDocument();
        expect(download).not.toHaveBeenCalled();
        expect(screen.queryByRole('img', { name: /face region/ })).toBeNull();
    });

    it('full disk: the low-disk-space picture, and no preview', async () => {
        details(eventRecord({ image: null, image_reason: 'full disk' }));
        const picture = await screen.findByRole('img', { name: 'Low disk space: the image was not stored' });
        expect(pictureTitle(picture)).toBe('Low disk space');
        expect(screen.getByText('No preview available.')).toBeInTheDocument();
    });

    it('no image and no reason: the picture of the event type, and no preview', async () => {
        details(
            eventRecord({
                event: 'SIPIncomingReceived',
                group: 'sip',
                image: null,
                profiles: [],
                sip_call: { remote_station: 'Front desk 201' },
            }),
        );
        const picture = await screen.findByRole('img', { name: 'Picture of a SIP event' });
        expect(pictureTitle(picture)).toBe('SIP call');
        expect(screen.getByText('No preview available.')).toBeInTheDocument();
    });

    it('an image that fails to download gives the picture of its type', async () => {
        const download = vi.fn(async () => Promise.reject(new Error('Not found')));
        details(tailgating(), download);
        const picture = await screen.findByRole('img', { name: 'Picture of a Tailgating event' });
        expect(pictureTitle(picture)).toBe('Tailgating');
        expect(screen.getByText('No preview available.')).toBeInTheDocument();
    });

    it("the server's no-preview picture (stored bytes that do not decode) gives the picture of its type", async () => {
        const noPreview = vi.fn(
            async () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], EVENT_IMAGE_PLACEHOLDER.fileName, { type: 'image/png' }),
        );
        details(tailgating(), noPreview);
        const picture = await screen.findByRole('img', { name: 'Picture of a Tailgating event' });
        expect(pictureTitle(picture)).toBe('Tailgating');
        expect(screen.getByText('No preview available.')).toBeInTheDocument();
    });

    it('an image the browser cannot decode gives the picture of its type', async () => {
        details(eventRecord({ event: 'TamperedDeviceDetected', group: 'security', incident: true }));
        fireEvent.error(await screen.findByRole('img', { name: 'Device tamper detected' }));
        expect(await screen.findByRole('img', { name: 'Picture of a Security event' })).toBeInTheDocument();
    });

    it('each group has its own picture', async () => {
        const { stockPicture } = await import('../../src/resources/events/stockPictures');
        const groups = [
            'authenticated',
            'enrollment',
            'tailgating',
            'crossing',
            'unauthorized',
            'security',
            'profiles',
            'mismatchDetection',
            'device',
            'sip',
            'spoofing',
            'all',
        ] as const;
        const sources = groups.map(group => stockPicture({ event: 'Unsupported', image_reason: null, group }).src);
        expect(new Set(sources).size).toBe(groups.length);
        expect(sources.every(src => src.startsWith('data:image/svg+xml') || src.endsWith('.svg'))).toBe(true);
        // the type decides when the group is not given
        expect(stockPicture({ event: 'SpoofingWithAccess', image_reason: null }).src).toBe(
            stockPicture({ event: 'x', image_reason: null, group: 'spoofing' }).src,
        );
    });

    it('the list thumbnail falls back to the small picture, its text in a tooltip', async () => {
        renderEvents(<EventThumbnail event={eventRecord({ image: null, image_reason: 'retention' })} />, { dataProvider: {} });
        const picture = await screen.findByRole('img', { name: 'Image removed by the retention policy' });
        fireEvent.mouseOver(picture);
        expect(await screen.findByText('Image not displayed due to retention policy.')).toBeInTheDocument();
    });
});

describe('Event Details: who, where, how (SPEC 3 Event)', () => {
    it('names the profile by its ACS ID, and its status and the reader’s mode in words', async () => {
        details(eventRecord({ profiles: [{ ...eventRecord().profiles[0]!, acs_id: 'EMP-0042' }] }));
        expect(await screen.findByText('Face authenticated (1FA)')).toBeInTheDocument();
        const profiles = screen.getByRole('region', { name: 'Profiles' });
        expect(await within(profiles).findByRole('link', { name: 'EMP-0042' })).toHaveAttribute('href', '/profiles/42');
        expect(within(profiles).getByText('Active')).toBeInTheDocument();
        expect(screen.getByText('Face or badge')).toBeInTheDocument();
    });

    it('shows the profiles with their badge data, the device, the time and the tailgating flag', async () => {
        details(tailgating());
        expect(await screen.findByText('Tailgating by unknown user')).toBeInTheDocument();
        expect(screen.getByText('Incident')).toBeInTheDocument();
        expect(await screen.findByRole('link', { name: 'Lobby reader' })).toHaveAttribute('href', '/devices/7');
        expect(screen.getByText('Face or badge')).toBeInTheDocument();
        expect(screen.getByText('Tailgating detected')).toBeInTheDocument();
        const profiles = screen.getByRole('region', { name: 'Profiles' });
        expect(within(profiles).getByRole('link', { name: '#42' })).toHaveAttribute('href', '/profiles/42');
        expect(within(profiles).getByText('12345')).toBeInTheDocument();
        expect(within(profiles).getByText('17')).toBeInTheDocument();
        expect(within(profiles).getByText('Unknown person')).toBeInTheDocument();
    });

    it('labels a badge in enrollment, an inactive profile and a disabled badge as SPEC 4.7 says', async () => {
        const base = eventRecord().profiles[0]!;
        details(
            eventRecord({
                profiles: [
                    { ...base, status: 'enrollment' },
                    { ...base, profile_id: 43, status: 'inactive', enabled: false },
                ],
            }),
        );
        expect(await screen.findByText('Badge ID in enrollment')).toBeInTheDocument();
        expect(screen.getByText('Inactive profile')).toBeInTheDocument();
        expect(screen.getByText('Inactive badge ID')).toBeInTheDocument();
    });

    it('shows the SIP remote station and the identity', async () => {
        details(
            eventRecord({
                event: 'SIPOutgoingEstablished',
                group: 'sip',
                profiles: [],
                sip_call: { remote_station: 'Front desk 201' },
                identity: { name: 'Ada Lovelace', employee: 'E-7' },
            }),
        );
        expect(await screen.findByText('Front desk 201')).toBeInTheDocument();
        const identity = screen.getByRole('region', { name: 'Identity' });
        expect(within(identity).getByText('Ada Lovelace')).toBeInTheDocument();
        expect(within(identity).getByText('E-7')).toBeInTheDocument();
        expect(screen.getByText('No profile on this event.')).toBeInTheDocument();
    });

    it('a removed device or profile says so instead of linking', async () => {
        details(
            eventRecord({
                device_deleted: true,
                profiles: [{ ...eventRecord().profiles[0]!, profile_deleted: true, deletion_cause: 'retention' }],
            }),
        );
        expect(await screen.findByText('Device deleted')).toBeInTheDocument();
        expect(screen.getByText('Profile deleted')).toBeInTheDocument();
        expect(screen.getByText('retention')).toBeInTheDocument();
        expect(screen.queryAllByRole('link')).toHaveLength(0);
    });
});
