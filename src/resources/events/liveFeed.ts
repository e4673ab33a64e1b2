import { useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { EventRecord } from '../../../contract/events';
import type { ConsoleDataProvider } from '../../dataProvider';
import type { Query } from '../../dataProvider/http';

export interface SseMessage {
    event: string;
    data: string;
    id?: string;
}

/**
 * Splits a text/event-stream buffer into its complete messages (the
 * WHATWG rules: blank line ends a message, `:` lines are comments, several
 * data lines join with a newline); `rest` is the unfinished tail.
 */
export const parseSse = (buffer: string): { messages: SseMessage[]; rest: string } => {
    const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
    const rest = blocks.pop() ?? '';
    const messages: SseMessage[] = [];
    for (const block of blocks) {
        let event = 'message';
        let id: string | undefined;
        const data: string[] = [];
        for (const line of block.split('\n')) {
            if (!line || line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'data') data.push(value);
            else if (field === 'event') event = value;
            else if (field === 'id') id = value;
        }
        if (data.length) messages.push({ event, data: data.join('\n'), id });
    }
    return { messages, rest };
};

/** The messages of the live feed that carry a security event (heartbeats and others are not). */
const eventOf = (message: SseMessage): EventRecord | undefined => {
    if (message.event !== 'message' && message.event !== 'event') return undefined;
    try {
        const value = JSON.parse(message.data) as EventRecord;
        return value && typeof value.id === 'number' && typeof value.event === 'string' ? value : undefined;
    } catch {
        return undefined;
    }
};

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

const RETRY_MS = [1000, 2000, 5000, 10_000, 15_000];

/**
 * GET /events/live read with fetch and the bearer header (not EventSource,
 * which cannot send it). Messages: `event` (one new event), `reload` (the
 * server missed too many to replay), `ready` and `end` (docs/events.md of the
 * server). Each event goes to `onEvent`; when the stream drops or ends (an
 * expired token, a server restart) it connects again with after_id = the
 * last event seen, so nothing is missed, and tells `onCatchUp`, as it does on
 * `reload` (the list reloads). The stream opens with `start.afterId` (the
 * newest event the list shows: what came between the list and the stream is
 * replayed) and a new `start` opens a new stream; none while `start` is
 * undefined.
 */
export const useLiveFeed = (
    start: { query: Query; afterId?: number } | undefined,
    onEvent: (event: EventRecord) => void,
    onCatchUp: () => void,
): LiveStatus => {
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const [status, setStatus] = useState<LiveStatus>('connecting');
    const handlers = useRef({ onEvent, onCatchUp });
    handlers.current = { onEvent, onCatchUp };
    const key = start ? JSON.stringify(start) : undefined;

    useEffect(() => {
        if (!key) {
            setStatus('connecting');
            return;
        }
        const { query, afterId } = JSON.parse(key) as { query: Query; afterId?: number };
        const abort = new AbortController();
        let lastId: number | undefined = afterId;
        let attempt = 0;
        const wait = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));
        const run = async () => {
            while (!abort.signal.aborted) {
                try {
                    const reply = await dataProvider.stream('/events/live', { ...query, after_id: lastId }, abort.signal);
                    if (!reply.body) throw new Error('The live feed has no body');
                    setStatus('live');
                    if (attempt > 0) handlers.current.onCatchUp();
                    attempt = 0;
                    const reader = reply.body.pipeThrough(new TextDecoderStream()).getReader();
                    let buffer = '';
                    for (;;) {
                        const { value, done } = await reader.read();
                        if (done) break;
                        const parsed = parseSse(buffer + value);
                        buffer = parsed.rest;
                        for (const message of parsed.messages) {
                            if (message.event === 'reload') handlers.current.onCatchUp();
                            const event = eventOf(message);
                            if (!event) continue;
                            lastId = Math.max(lastId ?? 0, event.id);
                            handlers.current.onEvent(event);
                        }
                    }
                } catch {
                    // dropped, refused or aborted: try again unless the screen is gone
                }
                if (abort.signal.aborted) return;
                setStatus('reconnecting');
                await wait(RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!);
                attempt++;
            }
        };
        setStatus('connecting');
        void run();
        return () => abort.abort();
    }, [dataProvider, key]);

    return status;
};
