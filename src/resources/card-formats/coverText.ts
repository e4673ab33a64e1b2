/** "2-13, 15" -> [2, 3, …, 13, 15]; undefined when the text is not bit numbers and ranges. */
export const parseCovers = (text: string): number[] | undefined => {
    const parts = text
        .split(',')
        .map(p => p.trim())
        .filter(Boolean);
    if (!parts.length) return [];
    const bits: number[] = [];
    for (const part of parts) {
        const m = /^(\d{1,3})(?:\s*-\s*(\d{1,3}))?$/.exec(part);
        if (!m) return undefined;
        const from = Number(m[1]);
        const to = m[2] === undefined ? from : Number(m[2]);
        if (to < from) return undefined;
        for (let b = from; b <= to; b++) bits.push(b);
    }
    return bits;
};

/** [2, 3, 4, 7] -> "2-4, 7" */
export const formatCovers = (bits: readonly number[]): string => {
    const sorted = [...new Set(bits)].sort((a, b) => a - b);
    const runs: string[] = [];
    for (let i = 0; i < sorted.length;) {
        let j = i;
        while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
        runs.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
        i = j + 1;
    }
    return runs.join(', ');
};
