import { defineConfig } from 'drizzle-kit';

export default defineConfig({
    dialect: 'postgresql',
    // Every file of the folder: a feature's table file (npm run new:feature writes one) needs no line in index.ts,
    // which re-exports the tables other features import.
    schema: './server/db/schema/*.ts',
    out: './server/db/migrations',
});
