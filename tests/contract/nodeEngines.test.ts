import fs from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockEntry {
    version?: string;
    dev?: boolean;
    optional?: boolean;
    engines?: { node?: string } | string[];
}

/** The packages `npm ci --omit=dev` would install whose `engines.node` refuses the oldest Node that `engines` allows. */
const refusing = (lock: { packages: Record<string, LockEntry> }, enginesNode: string) => {
    const oldest = semver.minVersion(enginesNode)!.version;
    return Object.entries(lock.packages)
        .filter(([where, entry]) => where !== '' && !entry.dev)
        .flatMap(([where, entry]) => {
            const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
            return wanted && !semver.satisfies(oldest, wanted)
                ? [`${where.replace(/^.*node_modules\//, '')}@${entry.version} wants Node ${wanted}`]
                : [];
        });
};

const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };

describe('the Node version package.json names in engines', () => {
    it('is accepted by every runtime package of the lock file, so npm ci on it installs quietly', () => {
        expect(refusing(lock, packageJson.engines.node)).toEqual([]);
    });

    it('is checked against what each package asks (a package wanting a newer Node is named)', () => {
        const newer = {
            packages: {
                '': {},
                'node_modules/a': { version: '3.0.0', engines: { node: '>=22' } },
                'node_modules/b': { version: '1.0.0', dev: true, engines: { node: '>=22' } },
            },
        };
        expect(refusing(newer, packageJson.engines.node)).toEqual(['a@3.0.0 wants Node >=22']);
    });
});
