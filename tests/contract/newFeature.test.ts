import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run new:feature` end to end, on a copy of the repository (its tracked and new files, node_modules linked):
 * the generated feature touches at most three existing files, type-checks with the rest, and its own tests pass as
 * generated, its texts in every language. Slow (a type check of the whole copy and four test files: a minute or two),
 * so one copy for all.
 */
const NAME = 'parking-spots';
let copy: string;

const inCopy = (command: string, args: string[]) => {
    const result = spawnSync(command, args, { cwd: copy, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });
    // eslint-disable-next-line no-control-regex -- the colours a tool may still print
    return { status: result.status, output: `${result.stdout}\n${result.stderr}`.replace(/\u001b\[[0-9;]*m/g, '') };
};
const git = (...args: string[]) => execFileSync('git', args, { cwd: copy, encoding: 'utf8' });

beforeAll(() => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'new-feature-'));
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { encoding: 'utf8' })
        .split('\0')
        .filter(f => f && f !== 'node_modules' && fs.existsSync(f));
    for (const file of files) {
        fs.mkdirSync(path.join(copy, path.dirname(file)), { recursive: true });
        fs.copyFileSync(file, path.join(copy, file));
    }
    fs.symlinkSync(fs.realpathSync('node_modules'), path.join(copy, 'node_modules'));
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.name=scaffold', '-c', 'user.email=scaffold@example.test', 'commit', '-qm', 'before');
}, 120_000);
afterAll(() => {
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

describe('npm run new:feature', () => {
    it('refuses a bad name and a taken one, saying why, and writes nothing', () => {
        const bad = inCopy('npm', ['run', '--silent', 'new:feature', '--', 'Parking_Spots']);
        expect(bad.status).not.toBe(0);
        expect(bad.output).toContain('"Parking_Spots" is not a feature name: kebab-case');
        const taken = inCopy('npm', ['run', '--silent', 'new:feature', '--', 'schedules']);
        expect(taken.status).not.toBe(0);
        expect(taken.output).toContain('"schedules" is taken');
        expect(git('status', '--porcelain')).toBe('');
    }, 120_000);

    it(`writes ${NAME} touching at most three existing files besides drizzle-kit's journal; the copy type-checks and the feature's tests pass`, () => {
        const generated = inCopy('npm', ['run', '--silent', 'new:feature', '--', NAME, '--icon', 'LocalParking']);
        expect(generated.status, generated.output).toBe(0);

        const status = git('status', '--porcelain', '--untracked-files=all').split('\n').filter(Boolean);
        const changed = status.filter(line => !line.startsWith('??')).map(line => line.slice(3));
        expect(changed.sort()).toEqual([
            'contract/features.ts',
            'server/db/migrations/meta/_journal.json',
            'server/features.ts',
            'src/features.ts',
        ]);
        const added = status.filter(line => line.startsWith('??')).map(line => line.slice(3));
        expect(added).toEqual(expect.arrayContaining([`server/resources/${NAME}/routes.ts`, `src/resources/${NAME}/plugin.ts`]));
        expect(added.filter(f => /^server\/db\/migrations\/\d{4}_parking_spots\.sql$/.test(f))).toHaveLength(1);

        const types = inCopy('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
        expect(types.status, types.output).toBe(0);

        const tests = added.filter(f => f.startsWith('tests/'));
        expect(tests).toHaveLength(3);
        // and its texts in every language the console speaks (LOCALE_CODES): a language without its file fails to load
        const run = inCopy('npx', ['vitest', 'run', '--maxWorkers=1', ...tests, 'tests/console/i18n/locales.test.ts']);
        expect(run.status, run.output).toBe(0);
        expect(run.output).toMatch(/Test Files\s+4 passed \(4\)/);
    }, 900_000);
});
