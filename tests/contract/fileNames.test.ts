import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FOLDERS = ['contract', 'src', 'server', 'tests', 'e2e', 'bench', 'scripts', 'docs'];

const serverTests = () =>
    ['tests/server', 'tests/contract'].flatMap(folder =>
        (fs.readdirSync(folder, { recursive: true }) as string[]).filter(f => f.endsWith('.test.ts')).map(f => path.join(folder, f)),
    );

describe('file names', () => {
    it('never differ only by case, extension aside, in one folder (they clash on macOS and Windows checkouts)', () => {
        const files = FOLDERS.flatMap(folder => (fs.readdirSync(folder, { recursive: true }) as string[]).map(f => path.join(folder, f)));
        const byLowerName = new Map<string, Set<string>>();
        for (const file of files) {
            const withoutExtension = file.replace(/\.[^/]*$/, '');
            const key = withoutExtension.toLowerCase();
            byLowerName.set(key, (byLowerName.get(key) ?? new Set()).add(withoutExtension));
        }
        expect([...byLowerName.values()].filter(names => names.size > 1).map(names => [...names])).toEqual([]);
    });

    it('say which server tests replace a module: *.mocked.test.ts, run apart from the shared module cache (vitest.config.ts)', () => {
        const mocking = serverTests().filter(file => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(file, 'utf8')));
        expect(mocking.length).toBeGreaterThan(0);
        expect(mocking.filter(file => !file.endsWith('.mocked.test.ts'))).toEqual([]);
    });

    it('say which server tests bound the time of an answer: *.timed.test.ts, each in a process of its own (vitest.config.ts)', () => {
        const timing = serverTests().filter(file => {
            const text = fs.readFileSync(file, 'utf8');
            return /performance\.now\(\)/.test(text) && /\.toBeLessThan\(/.test(text);
        });
        expect(timing.length).toBeGreaterThan(0);
        expect(timing.filter(file => !file.endsWith('.timed.test.ts'))).toEqual([]);
    });
});
