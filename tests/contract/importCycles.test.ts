import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Relative imports of every .ts/.tsx file under the folders, as a graph of repository paths. */
const importGraph = (folders: string[]) => {
    const files = folders.flatMap(folder =>
        (fs.readdirSync(folder, { recursive: true }) as string[])
            .filter(f => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
            .map(f => path.join(folder, f)),
    );
    const known = new Set(files);
    const resolve = (from: string, spec: string) => {
        const base = path.join(path.dirname(from), spec);
        return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx'), base].find(c => known.has(c));
    };
    const graph = new Map<string, string[]>();
    for (const file of files) {
        const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
        // Type-only imports vanish at build time but still tie modules together for a reader: they count.
        graph.set(
            file,
            importedFiles
                .filter(i => i.fileName.startsWith('.'))
                .map(i => resolve(file, i.fileName))
                .filter((f): f is string => !!f),
        );
    }
    return graph;
};

/** Each cycle once, as the files along it (Tarjan's strongly connected components of more than one file, or a file importing itself). */
const cycles = (graph: Map<string, string[]>) => {
    let index = 0;
    const indices = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const found: string[][] = [];
    const visit = (v: string) => {
        indices.set(v, index);
        low.set(v, index++);
        stack.push(v);
        onStack.add(v);
        for (const w of graph.get(v) ?? []) {
            if (!indices.has(w)) {
                visit(w);
                low.set(v, Math.min(low.get(v)!, low.get(w)!));
            } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
        }
        if (low.get(v) === indices.get(v)) {
            const component: string[] = [];
            let w: string;
            do {
                w = stack.pop()!;
                onStack.delete(w);
                component.push(w);
            } while (w !== v);
            if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
        }
    };
    for (const v of graph.keys()) if (!indices.has(v)) visit(v);
    return found;
};

describe('imports', () => {
    it('form no cycle in src/, server/ and contract/', () => {
        expect(cycles(importGraph(['src', 'server', 'contract']))).toEqual([]);
    });

    it('the check finds a cycle when there is one', () => {
        const graph = new Map([
            ['a.ts', ['b.ts']],
            ['b.ts', ['c.ts']],
            ['c.ts', ['a.ts']],
            ['d.ts', ['a.ts']],
        ]);
        expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    });
});
