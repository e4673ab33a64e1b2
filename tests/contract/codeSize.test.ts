import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Code that fits on a screen or two (docs/architecture.md): no function over 150 lines (a route plugin's closure
 * and a React component count) and no route module over 400, outside tests and generated code.
 */
const FUNCTION_MAX = 150;
const ROUTE_MODULE_MAX = 400;

const sources = (folders: string[]) =>
    folders.flatMap(folder =>
        (fs.readdirSync(folder, { recursive: true }) as string[])
            .filter(f => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
            .map(f => path.join(folder, f)),
    );

/** Each function longer than `max` lines in the source, as `file:line name (n lines)`. */
const longFunctions = (file: string, text: string, max = FUNCTION_MAX) => {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const found: string[] = [];
    const visit = (node: ts.Node) => {
        if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node)) {
            const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
            const lines = source.getLineAndCharacterOfPosition(node.end).line - start + 1;
            const name = node.name?.getText() ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : 'a function');
            if (lines > max) found.push(`${file}:${start + 1} ${name} (${lines} lines)`);
        }
        ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
};

describe('code size', () => {
    it(`has no function over ${FUNCTION_MAX} lines in server/, src/, contract/ and scripts/`, () => {
        const files = sources(['server', 'src', 'contract', 'scripts']);
        expect(files.length).toBeGreaterThan(300);
        expect(files.flatMap(file => longFunctions(file, fs.readFileSync(file, 'utf8')))).toEqual([]);
    });

    it(`has no route module over ${ROUTE_MODULE_MAX} lines`, () => {
        const routeModules = sources(['server/resources']).filter(f => /[Rr]outes\.ts$/.test(f));
        expect(routeModules.length).toBeGreaterThan(40);
        const long = routeModules
            .map(file => ({ file, lines: fs.readFileSync(file, 'utf8').split('\n').length }))
            .filter(m => m.lines > ROUTE_MODULE_MAX);
        expect(long).toEqual([]);
    });

    it('the check finds a function that is too long', () => {
        const body = Array.from({ length: FUNCTION_MAX + 1 }, (_, i) => `    const v${i} = ${i};`).join('\n');
        expect(longFunctions('x.ts', `export const tooLong = () => {\n${body}\n};\nconst short = () => 1;\n`)).toEqual([
            `x.ts:1 tooLong (${FUNCTION_MAX + 3} lines)`,
        ]);
    });
});
