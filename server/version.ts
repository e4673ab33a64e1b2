import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * The platform version: package version plus a build part, e.g. 1.0.0.3f2a9c1
 * (the console footer shows "1.0.0 (3f2a9c1)"). PLATFORM_BUILD overrides the
 * build part; otherwise the git commit, when there is one.
 */
export const platformVersion = (() => {
    let cached: string | undefined;
    return () => {
        if (cached) return cached;
        const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
        let build = process.env.PLATFORM_BUILD;
        if (!build) {
            try {
                build = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
                    .toString()
                    .trim();
            } catch {
                build = undefined;
            }
        }
        cached = build ? `${pkg.version}.${build}` : pkg.version;
        return cached;
    };
})();

export const platformOs = () => `${process.platform} ${process.arch}, Node.js ${process.version}`;
