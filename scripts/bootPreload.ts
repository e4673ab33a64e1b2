import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type Chunk = Rolldown.OutputChunk;

/**
 * The list screen of each resource of the console's plugins, by the first
 * segment of its address: `{ name: 'devices', …, list: DeviceList }` with
 * `const DeviceList = onDemand(() => import('./page/DeviceList')…)` in
 * src/resources/<feature>/plugin.ts gives devices → that module.
 */
export const listScreens = (root: string): Record<string, string> => {
    const screens: Record<string, string> = {};
    const resources = path.join(root, 'src/resources');
    for (const feature of fs.readdirSync(resources)) {
        const index = path.join(resources, feature, 'plugin.ts');
        if (!fs.existsSync(index)) continue;
        const source = fs.readFileSync(index, 'utf8');
        for (const [, name, list] of source.matchAll(/\{\s*name:\s*'([^']+)'[^{}]*?\blist:\s*(\w+)/g)) {
            const loaded = new RegExp(`const ${list}\\s*=\\s*onDemand\\(\\s*\\(\\)\\s*=>\\s*import\\('([^']+)'\\)`).exec(source);
            if (!loaded) throw new Error(`boot-preload: ${index}: the list ${list} of ${name} is not an onDemand(() => import(…))`);
            screens[name!] = path.join(path.dirname(index), `${loaded[1]}.tsx`);
        }
    }
    return screens;
};

const slashed = (file: string) => file.replaceAll('\\', '/');

/**
 * A few lines in index.html that, when a session is stored, ask at once for
 * the signed-in layout's files and those of the list the address names,
 * beside the console's first file rather than after it has been evaluated
 * (about 250 ms later): the first screen after a reload then waits for one
 * download, not two in a row (docs/performance.md "Console first
 * load"). Without a stored session nothing more is downloaded, so the
 * sign-in page costs what it did. Any other screen still loads as before
 * (src/main.tsx preloadScreen).
 *
 * The script is inline; the server allows it by its hash in the
 * Content-Security-Policy (server/app.ts).
 */
export const bootPreload = (options: {
    /** the localStorage key of the access token */
    tokenKey: string;
    /** modules every signed-in page needs, from the project's root */
    layout: string[];
    /** chunk groups every signed-in page needs (vite.config.ts codeSplitting) */
    groups: string[];
    /** module of the screen at '/', from the project's root */
    home: string;
}): Plugin => {
    let root = process.cwd();
    return {
        name: 'boot-preload',
        apply: 'build',
        configResolved(config) {
            root = config.root;
        },
        transformIndexHtml: {
            order: 'post',
            handler(html, ctx) {
                if (!ctx.bundle || !ctx.chunk) return html;
                const chunks = Object.values(ctx.bundle).filter((c): c is Chunk => c.type === 'chunk');
                const byFile = new Map(chunks.map(c => [c.fileName, c]));
                const byModule = new Map(chunks.filter(c => c.facadeModuleId).map(c => [slashed(c.facadeModuleId!), c]));
                const chunkOf = (module: string) => {
                    const id = slashed(path.resolve(root, module));
                    // a screen another feature also imports (through its public index.ts) may share that module's chunk
                    const chunk = byModule.get(id) ?? chunks.find(c => c.moduleIds.some(m => slashed(m) === id));
                    if (!chunk) throw new Error(`boot-preload: no chunk for ${module}`);
                    return chunk;
                };
                const closure = (start: Chunk[], into = new Set<string>()) => {
                    const todo = [...start];
                    while (todo.length) {
                        const chunk = todo.pop()!;
                        if (into.has(chunk.fileName)) continue;
                        into.add(chunk.fileName);
                        for (const file of chunk.imports) todo.push(byFile.get(file)!);
                    }
                    return into;
                };
                // What the first file brings with it is there already.
                const initial = closure([ctx.chunk as Chunk]);
                const layout = closure([...options.layout.map(chunkOf), ...chunks.filter(c => options.groups.includes(c.name))]);
                const beyond = (files: Set<string>) => [...files].filter(f => !initial.has(f) && !layout.has(f)).map(f => `/${f}`);
                const screens: Record<string, string[]> = { '': beyond(closure([chunkOf(options.home)])) };
                for (const [segment, module] of Object.entries(listScreens(root))) screens[segment] = beyond(closure([chunkOf(module)]));
                const files = [...layout].filter(f => !initial.has(f)).map(f => `/${f}`);
                const script =
                    `(()=>{try{if(!localStorage.getItem(${JSON.stringify(options.tokenKey)}))return}catch{return}` +
                    `const m=${JSON.stringify(screens)},k=location.pathname.split('/')[1],s=Object.hasOwn(m,k)?m[k]:[];` +
                    `for(const f of ${JSON.stringify(files)}.concat(s)){const l=document.createElement('link');l.rel='modulepreload';l.href=f;document.head.append(l)}})()`;
                return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
            },
        },
    };
};
