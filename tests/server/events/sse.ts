/** One server-sent message as a console reads it. */
export interface SseMessage {
    event: string;
    data: unknown;
    id?: number;
    /** a comment line (': heartbeat') */
    comment?: string;
}

/**
 * Reads GET /events/live the way the console does: fetch with the bearer
 * header, the body parsed as it arrives. `next` waits for a message that
 * matches; `close` aborts the request.
 */
export const openStream = async (url: string, token: string, headers: Record<string, string> = {}) => {
    const controller = new AbortController();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, ...headers }, signal: controller.signal });
    const messages: SseMessage[] = [];
    const waiters = new Set<() => void>();
    let ended = false;
    const pump = (async () => {
        if (!res.body) return;
        const decoder = new TextDecoder();
        let buffer = '';
        try {
            for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
                buffer += decoder.decode(chunk, { stream: true });
                let cut: number;
                while ((cut = buffer.indexOf('\n\n')) >= 0) {
                    const block = buffer.slice(0, cut);
                    buffer = buffer.slice(cut + 2);
                    const message: SseMessage = { event: 'message', data: undefined };
                    for (const line of block.split('\n')) {
                        if (line.startsWith(':')) message.comment = line.slice(1).trim();
                        else if (line.startsWith('event: ')) message.event = line.slice(7);
                        else if (line.startsWith('data: ')) message.data = JSON.parse(line.slice(6));
                        else if (line.startsWith('id: ')) message.id = Number(line.slice(4));
                    }
                    if (message.comment !== undefined) message.event = 'comment';
                    messages.push(message);
                }
                waiters.forEach(w => w());
            }
        } catch {
            // aborted
        } finally {
            ended = true;
            waiters.forEach(w => w());
        }
    })();
    return {
        status: res.status,
        headers: res.headers,
        messages,
        get ended() {
            return ended;
        },
        /** the first message from `from` on that matches */
        next(match: (m: SseMessage) => boolean, timeoutMs = 10_000, from = 0): Promise<SseMessage> {
            return new Promise((resolve, reject) => {
                const check = () => {
                    const found = messages.slice(from).find(match);
                    if (found) {
                        cleanup();
                        resolve(found);
                    } else if (ended) {
                        cleanup();
                        reject(new Error(`stream ended without the message; got ${JSON.stringify(messages)}`));
                    }
                };
                const timer = setTimeout(() => {
                    cleanup();
                    reject(new Error(`no such message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
                }, timeoutMs);
                const cleanup = () => {
                    clearTimeout(timer);
                    waiters.delete(check);
                };
                waiters.add(check);
                check();
            });
        },
        async close() {
            controller.abort();
            await pump;
        },
    };
};
export type Stream = Awaited<ReturnType<typeof openStream>>;

export const eventIds = (s: Stream) => s.messages.filter(m => m.event === 'event').map(m => m.id!);

/** Picks the live feed's message of this event. */
export const isEvent = (id: number) => (m: SseMessage) => m.event === 'event' && m.id === id;
