/**
 * `npm run new:feature -- NAME [--icon MuiIconName]`: scaffolds a CRUD resource of an account as a plugin, in the house's
 * shape (README "Adding a feature"): its contract, table and migration, server feature, console plugin and tests, from
 * the templates beside this file. It adds one registration line (and its import) to each of contract/features.ts,
 * server/features.ts and src/features.ts, and changes no other file but those drizzle-kit writes for the migration.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'templates');

/** The names a feature goes by, from its kebab-case folder name (`parking-spots`). */
export const namesOf = (name: string, icon = 'Category') => {
    const words = name.split('-');
    const singularWord = (w: string) =>
        /ies$/.test(w) ? `${w.slice(0, -3)}y` : /(ss|x|ch|sh)es$/.test(w) ? w.slice(0, -2) : /[^s]s$/.test(w) ? w.slice(0, -1) : w;
    const singularWords = [...words.slice(0, -1), singularWord(words.at(-1)!)];
    const upper = (w: string) => w[0]!.toUpperCase() + w.slice(1);
    const camelOf = (ws: string[]) => ws[0]! + ws.slice(1).map(upper).join('');
    const sentence = (ws: string[]) => upper(ws.join(' '));
    return {
        name,
        camel: camelOf(words),
        snake: words.join('_'),
        CONST: words.join('_').toUpperCase(),
        Plural: upper(camelOf(words)),
        Singular: upper(camelOf(singularWords)),
        singular: camelOf(singularWords),
        Labels: sentence(words),
        Label: sentence(singularWords),
        labels: words.join(' '),
        label: singularWords.join(' '),
        Icon: icon,
    };
};
export type Names = ReturnType<typeof namesOf>;

const fill = (text: string, names: Names) =>
    text.replace(
        /__(name|camel|snake|CONST|Plural|Singular|singular|Labels|Label|labels|label|Icon)__/g,
        (_, key: keyof Names) => names[key],
    );

/** Every template as [its path under templates/, the file it writes]. */
const templates = (names: Names) =>
    (fs.readdirSync(TEMPLATES, { recursive: true }) as string[])
        .filter(f => f.endsWith('.tmpl'))
        .sort()
        .map(f => [f, fill(f, names).replace(/\.tmpl$/, '')] as const);

// Identifiers the templates import: a feature named so would shadow them.
const RESERVED = new Set([
    'accounts',
    'errors',
    'tags',
    'columns',
    'values',
    'index',
    'integer',
    'serial',
    'timestamp',
    'varchar',
    'page',
    'sql',
]);

/** Why the name cannot be a new feature, or undefined. */
export const problemWith = async (root: string, name: string | undefined, icon: string): Promise<string | undefined> => {
    if (!name) return 'Say the feature’s name: npm run new:feature -- parking-spots';
    if (!/^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$/.test(name) || name.length > 40)
        return `"${name}" is not a feature name: kebab-case, lower-case words of letters and digits joined by "-", each starting with a letter (parking-spots), at most 40 characters.`;
    const names = namesOf(name, icon);
    if (RESERVED.has(names.camel)) return `"${name}" would shadow a name the generated code imports (${names.camel}): choose another.`;
    if (!fs.existsSync(path.join(root, 'node_modules/@mui/icons-material', `${icon}.js`)))
        return `--icon ${icon}: no such icon in @mui/icons-material (e.g. LocalParking, Category).`;
    for (const [, file] of templates(names)) if (fs.existsSync(path.join(root, file))) return `"${name}" is taken: ${file} exists.`;
    for (const folder of ['server/resources', 'src/resources'])
        if (fs.existsSync(path.join(root, folder, name))) return `"${name}" is taken: ${folder}/${name} exists.`;
    // The contract's lists, with the features already registered.
    const url = (file: string) => new URL(`file://${path.join(root, file)}`).href;
    const { RESOURCES } = (await import(url('contract/rights.ts'))) as { RESOURCES: readonly string[] };
    const { ROUTE_KEYS } = (await import(url('contract/routes.ts'))) as { ROUTE_KEYS: readonly string[] };
    const { AUDIT_RESOURCES } = (await import(url('contract/auditLogs.ts'))) as { AUDIT_RESOURCES: readonly string[] };
    for (const [list, what] of [
        [RESOURCES, 'a resource of the rights matrix (contract/rights.ts)'],
        [ROUTE_KEYS, 'a route key (contract/routes.ts)'],
        [AUDIT_RESOURCES, 'an audit resource (contract/auditLogs.ts)'],
    ] as const)
        if (list.includes(names.camel)) return `"${name}" is taken: ${names.camel} is already ${what}.`;
    const schema = path.join(root, 'server/db/schema');
    for (const file of fs.readdirSync(schema))
        if (new RegExp(`pgTable\\(\\s*'${names.snake}'`).test(fs.readFileSync(path.join(schema, file), 'utf8')))
            return `"${name}" is taken: the table ${names.snake} exists (server/db/schema/${file}).`;
    return undefined;
};

/** Adds `importLine` after the file's last import and `entry` as the last item of the list that `listStart` opens. */
export const register = (file: string, importLine: string, listStart: string, entry: string) => {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const start = lines.findIndex(l => l.startsWith(listStart));
    const end = lines.findIndex((l, i) => i > start && l.startsWith(']'));
    if (start < 0 || end < 0) throw new Error(`${file}: no list starting "${listStart}" to register ${entry} in`);
    lines.splice(end, 0, `    ${entry},`);
    const lastImport = lines.reduce((last, l, i) => (/^import .* from '.*';$|^} from '.*';$/.test(l) ? i : last), -1);
    lines.splice(lastImport + 1, 0, importLine);
    fs.writeFileSync(file, lines.join('\n'));
};

const run = (root: string, command: string, args: string[]) => {
    const result = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
    return result.stdout;
};

/** Writes the feature into the repository at `root`; returns the files written and changed. */
export const generate = (root: string, names: Names) => {
    const written: string[] = [];
    for (const [template, file] of templates(names)) {
        fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        fs.writeFileSync(path.join(root, file), fill(fs.readFileSync(path.join(TEMPLATES, template), 'utf8'), names));
        written.push(file);
    }
    const registered = [
        [
            'contract/features.ts',
            `import { ${names.camel}Contract } from './${names.camel}Feature';`,
            'export const FEATURE_CONTRACTS',
            `${names.camel}Contract`,
        ],
        [
            'server/features.ts',
            `import { ${names.camel}Feature } from './resources/${names.name}/feature';`,
            'export const features',
            `${names.camel}Feature`,
        ],
        [
            'src/features.ts',
            `import { ${names.camel}Plugin } from './resources/${names.name}/plugin';`,
            'export const features',
            `${names.camel}Plugin`,
        ],
    ] as const;
    for (const [file, importLine, list, entry] of registered) register(path.join(root, file), importLine, list, entry);
    const changed = registered.map(([file]) => file);
    run(root, 'npx', ['prettier', '--write', '--log-level', 'warn', ...written, ...changed]);
    // The house's way to a migration (README "Adding a feature"): drizzle-kit compares the schema with the last snapshot.
    const before = new Set(fs.readdirSync(path.join(root, 'server/db/migrations'), { recursive: true }) as string[]);
    run(root, 'npm', ['run', '--silent', 'db:generate', '--', '--name', names.snake]);
    const migration = (fs.readdirSync(path.join(root, 'server/db/migrations'), { recursive: true }) as string[])
        .filter(f => !before.has(f))
        .map(f => path.join('server/db/migrations', f));
    return { written, changed, migration };
};

const main = async () => {
    const args = process.argv.slice(2);
    const iconAt = args.indexOf('--icon');
    const icon = iconAt >= 0 ? args.splice(iconAt, 2)[1] : undefined;
    const [name, ...extra] = args;
    const root = process.cwd();
    const problem = extra.length ? `One name at a time; also given: ${extra.join(' ')}` : await problemWith(root, name, icon ?? 'Category');
    if (problem) {
        console.error(problem);
        process.exit(1);
    }
    const names = namesOf(name!, icon);
    const { written, changed, migration } = generate(root, names);
    console.log(`New feature ${names.name} (${names.Labels}):`);
    for (const file of written) console.log(`  wrote    ${file}`);
    for (const file of migration) console.log(`  drizzle  ${file}`);
    console.log('  changed  server/db/migrations/meta/_journal.json (drizzle-kit)');
    for (const file of changed) console.log(`  changed  ${file} (one registration line and its import)`);
    console.log(`Next: npm start, sign in, open /${names.snake}; README "Adding a feature" says what to edit.`);
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
