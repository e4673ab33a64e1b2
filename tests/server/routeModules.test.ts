import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deviceApiParts } from '../../server/device-api';
import { features } from '../../server/resources';

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
