import type { ReactNode } from 'react';
import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import { ResourceContextProvider } from 'react-admin';
import type { EventRecord } from '../../contract/events';
import type { Session } from '../../src/session/session';
import { QuickViewProvider } from '../../src/components/quickView';
import { AppNotification } from '../../src/notifications/AppNotification';
import { Location } from './layout/helpers';
import { renderInAdmin, testSession } from './render';

// The lists render many rows with pictures: on a busy machine the first paint can take over a second.
configure({ asyncUtilTimeout: 5000 });

/** A security event as GET /events returns it. */
export const eventRecord = (over: Partial<EventRecord> = {}): EventRecord => ({
    id: 1,
    account_id: 10,
    event: '1FAFaceAuthenticated',
    group: 'authenticated',
    incident: false,
    timestamp: '2026-03-02T09:15:00.000Z',
    device_id: 7,
    device_description: 'Lobby reader',
    device_mode: 'one-fa',
    device_deleted: false,
    tailgated: false,
    profiles: [
        {
            profile_id: 42,
            acs_id: null,
            role: 'employee',
            badge_number: 12345,
            facility_code: 17,
            card_locked: false,
            enabled: true,
            status: 'active',
            roi: { x: 100, y: 60, w: 80, h: 100 },
            deletion_cause: null,
            profile_deleted: false,
        },
    ],
    identity: null,
    sip_call: null,
    image: 'frame.jpg',
    image_reason: null,
    ...over,
});

export const tailgating = (over: Partial<EventRecord> = {}) =>
    eventRecord({
        id: 2,
        event: 'TailgatingByUnknownUser',
        group: 'tailgating',
        incident: true,
        tailgated: true,
        profiles: [
            {
                profile_id: 42,
                acs_id: null,
                role: 'employee',
                badge_number: 12345,
                facility_code: 17,
                card_locked: false,
                enabled: true,
                status: 'active',
                roi: { x: 100, y: 60, w: 80, h: 100 },
                deletion_cause: null,
                profile_deleted: false,
            },
            {
                profile_id: null,
                acs_id: null,
                role: null,
                badge_number: null,
                facility_code: null,
                card_locked: null,
                enabled: null,
                status: null,
                roi: { x: 300, y: 70, w: 70, h: 90 },
                deletion_cause: null,
                profile_deleted: false,
            },
        ],
        ...over,
    });

/** A live feed the test writes to: each push is one chunk of the text/event-stream. */
export const liveStream = () => {
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: c => void (controller = c) });
    return {
        response: new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
        push: (text: string) => controller.enqueue(encoder.encode(text)),
        send: (event: EventRecord) => controller.enqueue(encoder.encode(`event: event\ndata: ${JSON.stringify(event)}\n\n`)),
        close: () => controller.close(),
    };
};

/** Object URLs do not exist in jsdom: the image loader gets a recognisable one. */
export const stubObjectUrls = () => {
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:event-image-${++n}`);
    URL.revokeObjectURL = vi.fn();
};

/** A dealer working in one of its customer accounts: the list asks for that account's events. */
export const dealerInCustomer = () =>
    testSession('dealer', {}, { currentAccountId: 11, currentAccount: { id: 11, name: 'Contoso Offices' } });

export const renderEvents = (ui: ReactNode, options: { dataProvider: Record<string, unknown>; session?: Session; path?: string }) =>
    renderInAdmin(
        <ResourceContextProvider value="events">
            <QuickViewProvider>
                {ui}
                <Location />
                <AppNotification />
            </QuickViewProvider>
        </ResourceContextProvider>,
        { session: options.session ?? dealerInCustomer(), dataProvider: options.dataProvider as never, path: options.path ?? '/events' },
    );

/** The quick-view drawer's content by its title (the paper and the content both carry the name). */
export const findDrawer = async (screen: typeof import('@testing-library/react').screen, name: string) =>
    (await screen.findAllByRole('dialog', { name })).at(-1)!;
