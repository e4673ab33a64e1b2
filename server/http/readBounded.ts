/** An uploaded stream's bytes, or undefined past the limit (the rest is drained, so the request ends cleanly). */
export const readBounded = async (stream: AsyncIterable<unknown>, max: number) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
        size += (chunk as Buffer).length;
        if (size <= max) chunks.push(chunk as Buffer);
    }
    return size > max ? undefined : Buffer.concat(chunks);
};
