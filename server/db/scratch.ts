import pg from 'pg';
import { randomUUID } from 'node:crypto';

/**
 * A throwaway PostgreSQL database on the server of `adminUrl` (a user that
 * may create databases), for tests and benchmarks: its URL, and drop() to
 * remove it with whatever is still connected.
 */
export const scratchDatabase = async (adminUrl: string, prefix: string) => {
    const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
    const run = async (statement: string) => {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        try {
            await client.query(statement);
        } finally {
            await client.end();
        }
    };
    await run(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return { name, url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
};
