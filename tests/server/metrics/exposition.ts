/** One sample of Prometheus's text exposition: `name{a="1",b="2"} value`. */
export interface Sample {
    name: string;
    labels: Record<string, string>;
    value: number;
}

/** The samples of a text exposition, as a scraper reads them (comments skipped). */
export const parseExposition = (text: string): Sample[] =>
    text
        .split('\n')
        .filter(line => line && !line.startsWith('#'))
        .map(line => {
            const found = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/.exec(line);
            if (!found) throw new Error(`Not an exposition line: ${line}`);
            const labels: Record<string, string> = {};
            for (const [, key, value] of (found[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
                labels[key!] = value!.replace(/\\"/g, '"').replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
            return { name: found[1]!, labels, value: Number(found[3]) };
        });

/** The value of the one sample of that name whose labels include these; undefined when there is none. */
export const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) => {
    const found = samples.filter(s => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
    if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
    return found[0]?.value;
};
