import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventRecord } from '../../contract/events';
import { dataProvider } from '../../src/dataProvider';
import { EventList } from '../../src/resources/events/EventList';
import { parseSse } from '../../src/resources/events/liveFeed';
import { eventRecord, liveStream, renderEvents, stubObjectUrls, tailgating } from './eventsFixtures';

type Stream = ReturnType<typeof liveStream>;

/** A server whose list grows as the test's reader posts, and whose live feed the test writes. */
const server = () => {
    const events: EventRecord[] = [
        eventRecord({ id: 1, timestamp: '2026-03-02T09:00:00.000Z' }),
        eventRecord({ id: 3, event: 'DeviceOnline', group: 'device', profiles: [], image: null }),
    ];
    const streams: Stream[] = [];
    // a long list: its second page exists
    const getList = vi.fn(async () => ({ data: [...events].reverse(), total: 100 + events.length }));
    const stream = vi.fn(async () => {
        const s = liveStream();
        streams.push(s);
        return s.response;
    });
    const post = (event: EventRecord) => {
        events.push(event);
        streams.at(-1)!.send(event);
    };
    const dp = {
        getList,
        getMany: vi.fn(async () => ({ data: [] })),
        call: vi.fn(async () => ({ options: [] })),
        download: vi.fn(async () => new Blob()),
        stream,
    };
    return { dp, post, streams, listCalls: () => getList.mock.calls.length };
};

beforeEach(stubObjectUrls);
afterEach(() => vi.restoreAllMocks());

describe('the live feed parser (text/event-stream)', () => {
    it('splits messages at blank lines, keeps the unfinished tail, skips comments, joins data lines', () => {
        const first = parseSse(': heartbeat\n\nevent: event\ndata: {"a":\ndata: 1}\nid: 9\n\nevent: event\ndata: {"b"');
        expect(first.messages).toEqual([{ event: 'event', data: '{"a":\n1}', id: '9' }]);
        expect(first.rest).toBe('event: event\ndata: {"b"');
        const second = parseSse(`${first.rest}:2}\r\n\r\n`);
        expect(second.messages).toEqual([{ event: 'event', data: '{"b":2}', id: undefined }]);
        expect(second.rest).toBe('');
    });

    it('a message without data is no message', () => {
        expect(parseSse('event: ping\n\n').messages).toEqual([]);
    });
});

describe('Security Events live (new events without reload)', () => {
    it('opens GET /events/live with the list filter after the newest event listed, and shows a posted event without reload', async () => {
        const s = server();
        renderEvents(<EventList />, { dataProvider: s.dp, path: '/events?group=tailgating' });
        await screen.findByText('Face authenticated (1FA)');
        // what arrives between the list and the stream is replayed by the server
        await waitFor(() =>
            expect(s.dp.stream).toHaveBeenCalledWith('/events/live', { group: 'tailgating', after_id: 3 }, expect.any(AbortSignal)),
        );
        expect(await screen.findByRole('status')).toHaveTextContent('Live');
        const before = s.listCalls();
        s.post(tailgating({ id: 5 }));
        expect(await screen.findByText('Tailgating by unknown user')).toBeInTheDocument();
        expect(s.listCalls()).toBe(before + 1);
        // the row that came live is marked for a moment
        expect(screen.getByText('Tailgating by unknown user').closest('tr')).toHaveStyle({ animation: 'liveEvent 4s ease-out' });
    });

    it('paused, it counts the new events and leaves the list alone; Resume catches up', async () => {
        const s = server();
        renderEvents(<EventList />, { dataProvider: s.dp });
        await screen.findByText('Face authenticated (1FA)');
        await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Live'));
        fireEvent.click(screen.getByRole('button', { name: 'Pause live updates' }));
        expect(screen.getByRole('status')).toHaveTextContent('Paused');
        const before = s.listCalls();
        s.post(tailgating({ id: 5 }));
        expect(await screen.findByRole('button', { name: '1 new event · Show' })).toBeInTheDocument();
        s.post(tailgating({ id: 6, event: 'CrossingByKnownUser', group: 'crossing' }));
        expect(await screen.findByRole('button', { name: '2 new events · Show' })).toBeInTheDocument();
        await new Promise(resolve => setTimeout(resolve, 1200));
        expect(s.listCalls()).toBe(before);
        expect(screen.queryByText('Tailgating by unknown user')).toBeNull();
        fireEvent.click(screen.getByRole('button', { name: 'Resume live updates' }));
        expect(await screen.findByText('Crossing by known user')).toBeInTheDocument();
        expect(screen.getByText('Tailgating by unknown user')).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: /new event/ })).toBeNull();
        expect(screen.getByRole('status')).toHaveTextContent('Live');
    });

    it('on another page, new events are counted and Show goes back to the newest', async () => {
        const s = server();
        renderEvents(<EventList />, { dataProvider: s.dp, path: '/events?page=2&per_page=20&sort=-timestamp' });
        // the first page is not shown: the feed starts from now
        await waitFor(() => expect(s.dp.stream).toHaveBeenCalledWith('/events/live', { after_id: undefined }, expect.any(AbortSignal)));
        await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Live'));
        s.post(tailgating({ id: 5 }));
        const show = await screen.findByRole('button', { name: '1 new event · Show' });
        expect(screen.getByTestId('location')).toHaveTextContent('page=2');
        fireEvent.click(show);
        await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/events?page=1&per_page=20&sort=-timestamp'));
    });

    it('when the feed drops it connects again after the last event seen and the list catches up', async () => {
        const s = server();
        renderEvents(<EventList />, { dataProvider: s.dp });
        await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Live'));
        s.post(tailgating({ id: 5 }));
        await screen.findByText('Tailgating by unknown user');
        s.streams[0]!.close();
        expect(await screen.findByRole('status')).toHaveTextContent('Reconnecting…');
        const before = s.listCalls();
        await waitFor(() => expect(s.dp.stream).toHaveBeenCalledTimes(2), { timeout: 4000 });
        expect(s.dp.stream.mock.calls[1]).toEqual(['/events/live', { after_id: 5 }, expect.any(AbortSignal)]);
        await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Live'));
        await waitFor(() => expect(s.listCalls()).toBeGreaterThan(before), { timeout: 3000 });
    });

    it('reloads the list when the server says it missed too many to replay, and ignores its other messages', async () => {
        const s = server();
        renderEvents(<EventList />, { dataProvider: s.dp });
        await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Live'));
        const before = s.listCalls();
        s.streams[0]!.push('retry: 3000\nevent: ready\ndata: {"heartbeat_seconds":15}\n\n: heartbeat\n\n');
        await new Promise(resolve => setTimeout(resolve, 1200));
        expect(s.listCalls()).toBe(before);
        s.streams[0]!.push('event: reload\ndata: {}\n\n');
        await waitFor(() => expect(s.listCalls()).toBe(before + 1), { timeout: 3000 });
    });

    it('a new filter opens a new feed and the old one is closed', async () => {
        const s = server();
        renderEvents(<EventList />, { dataProvider: s.dp });
        await waitFor(() => expect(s.dp.stream).toHaveBeenCalledTimes(1));
        const firstSignal = (s.dp.stream.mock.calls[0] as unknown[])[2] as AbortSignal;
        fireEvent.click(await screen.findByRole('tab', { name: 'Crossing' }));
        await waitFor(() =>
            expect(s.dp.stream).toHaveBeenLastCalledWith('/events/live', { group: 'crossing', after_id: 3 }, expect.any(AbortSignal)),
        );
        expect(firstSignal.aborted).toBe(true);
    });
});

describe('the data provider behind it', () => {
    afterEach(() => localStorage.clear());

    it('reads the live feed with the bearer header and the current account, asking for an event stream', async () => {
        localStorage.setItem('token', 'tok-1');
        localStorage.setItem('user', JSON.stringify({ id: 1, account: { id: 10 } }));
        const fetch = vi
            .spyOn(globalThis, 'fetch')
            .mockResolvedValue(new Response('data: {}\n\n', { headers: { 'Content-Type': 'text/event-stream' } }));
        const reply = await dataProvider.stream('/events/live', { group: 'tailgating' });
        expect(await reply.text()).toBe('data: {}\n\n');
        const [url, init] = fetch.mock.calls[0]!;
        expect(url).toBe('/api/v2/events/live?group=tailgating&account_id=10');
        expect((init as RequestInit).headers).toMatchObject({ Authorization: 'Bearer tok-1', Accept: 'text/event-stream' });
    });

    it('passes count_is_estimate of a list reply to the list', async () => {
        vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ result: [], count: 10_000, count_is_estimate: true }));
        const reply = await dataProvider.getList('events', {
            pagination: { page: 1, perPage: 20 },
            sort: { field: 'timestamp', order: 'DESC' },
            filter: {},
        });
        expect(reply).toMatchObject({ total: 10_000, meta: { count_is_estimate: true } });
    });
});
