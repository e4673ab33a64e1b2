import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deviceApiParts } from '../../server/device-api';
import { routePlugins } from '../../server/feature';
import { features as platformFeatures } from '../../server/features';

const features = platformFeatures.flatMap(routePlugins);

/** Every module under these folders that exports route plugins (`export const …Routes`). */
const routeModules = (folder: string) =>
    (fs.readdirSync(folder, { recursive: true }) as string[])
        .filter(file => file.endsWith('.ts'))
        .map(file => path.join(folder, file))
        .filter(file => /export const \w+Routes\b/.test(fs.readFileSync(file, 'utf8')));

const exportedRoutes = async (file: string) =>
    Object.entries((await import(path.resolve(file))) as Record<string, unknown>).filter(
        ([name, value]) => /Routes$/.test(name) && typeof value === 'function',
    );

describe('route modules', () => {
    it('every route plugin under server/resources is registered as a feature', async () => {
        const modules = routeModules('server/resources');
        expect(modules.length).toBeGreaterThan(15);
        for (const file of modules) {
            for (const [name, plugin] of await exportedRoutes(file)) expect(features, `${file}: ${name}`).toContain(plugin);
        }
    });

    it('every route plugin under server/device-api is a part of the device API, and the device API a feature', async () => {
        const { deviceApiRoutes } = await import('../../server/device-api');
        expect(features).toContain(deviceApiRoutes);
        for (const file of routeModules('server/device-api').filter(f => !f.endsWith('index.ts'))) {
            for (const [name, plugin] of await exportedRoutes(file)) expect(deviceApiParts, `${file}: ${name}`).toContain(plugin);
        }
    });
});

/**
 * Account scope is declared (`config.scope`), not written: the kernel (server/http/scope.ts) adds account_id and
 * cross_account to each route's schema and resolves them. A route module that declares them in its own schemas, or
 * reads them off the request by hand, brings back the copies that drifted apart.
 */
describe('account scope in route modules', () => {
    const HAND_WRITTEN: [RegExp, string][] = [
        [/account_id\s*:\s*(z\.|listParams)/, 'declares account_id in a schema'],
        [/cross_account\s*:\s*z\./, 'declares cross_account in a schema'],
        [/(query|body|params)\)?\.account_id\b/, 'reads account_id off the request'],
        [/(query|body)\)?\.cross_account\b|['"]cross_account['"]\s*\]/, 'reads cross_account off the request'],
        [/\b(requestAccount|isCrossAccount)\b/, 'resolves the account by hand'],
    ];
    const modules = [...routeModules('server/resources'), ...routeModules('server/device-api')];

    it.each(modules)('%s leaves the account scope to its routes’ config', file => {
        const found = fs
            .readFileSync(file, 'utf8')
            .split('\n')
            .flatMap((line, i) =>
                HAND_WRITTEN.filter(([pattern]) => pattern.test(line)).map(([, what]) => `${i + 1}: ${what}: ${line.trim()}`),
            );
        expect(found).toEqual([]);
    });

    it('and contract/ schemas a route takes as its body or query do not declare it either', () => {
        const found = (fs.readdirSync('contract') as string[])
            .filter(f => f.endsWith('.ts'))
            .flatMap(f =>
                fs
                    .readFileSync(path.join('contract', f), 'utf8')
                    .split('\n')
                    .filter(line => /account_id\s*:\s*z\.(coerce\.)?number\(\)\.int\(\)\.min\(0\)/.test(line))
                    .map(line => `${f}: ${line.trim()}`),
            );
        expect(found).toEqual([]);
    });
});
