import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FOLDERS = ['contract', 'src', 'server', 'tests', 'e2e', 'bench', 'scripts', 'docs'];

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
});
