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

/**
 * What a module loads when it runs: its imports and re-exports but the type-only ones, which the build drops;
 * relative ones as repository paths, packages by name.
 */
const runtimeImports = (file: string): string[] => {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const specifiers: string[] = [];
    for (const statement of source.statements) {
        if (ts.isImportDeclaration(statement)) {
            const clause = statement.importClause;
            const typesOnly =
                clause?.isTypeOnly ||
                (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings)
                    ? clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every(e => e.isTypeOnly)
                    : false);
            if (!typesOnly) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
        } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly)
            specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
    return specifiers.map(spec => {
        if (!spec.startsWith('.')) return spec;
        const base = path.join(path.dirname(file), spec);
        return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(c => fs.existsSync(c)) ?? base;
    });
};

/** Every module and package `file` loads when it runs, itself included. */
const loadedWith = (file: string) => {
    const seen = new Set<string>();
    const visit = (f: string) => {
        if (seen.has(f)) return;
        seen.add(f);
        if (/\.tsx?$/.test(f)) runtimeImports(f).forEach(visit);
    };
    visit(file);
    return seen;
};

/**
 * The layers of docs/architecture.md: a kernel file imports no feature; a feature (and the device API, which serves
 * the features to readers) imports another feature only through its index.ts. The roof (app.ts, main.ts,
 * features.ts, the demo; the console's main.tsx, App.tsx, features.ts) puts them together and may import anything.
 */
const ROOF = /^(server\/(app|main|features)\.ts|server\/demo\/|src\/(main|App)\.tsx|src\/features\.ts)/;
const featureOf = (file: string) => /^(server|src)\/resources\/([^/]+)\//.exec(file)?.slice(1, 3).join('/');
const isPublicModule = (file: string) => /^(server|src)\/resources\/[^/]+\/index\.tsx?$/.test(file);

/** Each import that breaks a layer rule, as `importer -> imported: why`. */
const layerBreaks = (graph: Map<string, string[]>) =>
    [...graph].flatMap(([from, targets]) => {
        if (ROOF.test(from)) return [];
        const own = featureOf(from);
        return targets.flatMap(to => {
            const other = featureOf(to);
            if (!other || other === own) return [];
            if (!own && !from.startsWith('server/device-api/')) return [`${from} -> ${to}: the kernel imports no feature`];
            return isPublicModule(to) ? [] : [`${from} -> ${to}: another feature only through its index.ts`];
        });
    });

describe('imports', () => {
    it('run one way: the kernel imports no feature, a feature another only through its index.ts', () => {
        expect(layerBreaks(importGraph(['src', 'server']))).toEqual([]);
    });

    it('the layer check finds a kernel importing a feature, and a feature reaching into another', () => {
        const graph = new Map([
            ['server/http/auth.ts', ['server/resources/users/queries.ts']],
            ['server/resources/cards/routes.ts', ['server/resources/profiles/queries.ts', 'server/resources/profiles/index.ts']],
            ['src/layout/AppMenu.tsx', ['src/resources/events/index.ts']],
            ['src/resources/profiles/ProfilePage.tsx', ['src/resources/events/EventImage.tsx', 'src/components/Facts.tsx']],
            ['server/features.ts', ['server/resources/cards/feature.ts']],
        ]);
        expect(layerBreaks(graph)).toEqual([
            'server/http/auth.ts -> server/resources/users/queries.ts: the kernel imports no feature',
            'server/resources/cards/routes.ts -> server/resources/profiles/queries.ts: another feature only through its index.ts',
            'src/layout/AppMenu.tsx -> src/resources/events/index.ts: the kernel imports no feature',
            'src/resources/profiles/ProfilePage.tsx -> src/resources/events/EventImage.tsx: another feature only through its index.ts',
        ]);
    });

    it('form no cycle in src/, server/ and contract/', () => {
        expect(cycles(importGraph(['src', 'server', 'contract']))).toEqual([]);
    });

    // The features' texts load with the layout, before any form needs a schema: zod's own start-up is not paid for them.
    it("load no zod with the features' texts", () => {
        const messages = (fs.readdirSync('src/resources', { recursive: true }) as string[])
            .filter(f => /(^|\/)messages\.[a-z]{2}\.ts$/.test(f))
            .map(f => path.join('src/resources', f));
        expect(messages.length).toBeGreaterThan(20);
        expect(messages.filter(file => [...loadedWith(file)].some(m => m === 'zod' || m.startsWith('zod/')))).toEqual([]);
    });

    // The first list most users open: its dialogs and drawer bring the schemas when first opened (docs/performance.md).
    it('load no zod with the Devices list', () => {
        const list = 'src/resources/devices/page/DeviceList.tsx';
        expect(loadedWith(list).size).toBeGreaterThan(10);
        expect([...loadedWith(list)].filter(m => m === 'zod' || m.startsWith('zod/'))).toEqual([]);
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
