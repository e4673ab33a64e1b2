import { describe, expect, it } from 'vitest';
import { bootstrap, generatedPassword } from '../../server/db/bootstrap';
import { openDatabase } from '../../server/db/database';
import { passwordProblem } from '../../contract/validation';

describe('first start', () => {
    it('creates the main account and an admin whose generated password must be changed, once', async () => {
        const database = await openDatabase({});
        try {
            const first = await bootstrap(database.db, { adminEmail: 'Root@Example.com' });
            expect(first.created).toBe(true);
            expect(first.generatedPassword && passwordProblem(first.generatedPassword)).toBeUndefined();
            const admin = await database.db.query.users.findFirst();
            expect(admin).toMatchObject({ email: 'root@example.com', role: 'admin', password_changed: false });
            const again = await bootstrap(database.db, { adminEmail: 'root@example.com' });
            expect(again).toMatchObject({ created: false, mainAccountId: first.mainAccountId });
            expect(await database.db.query.users.findMany()).toHaveLength(1);
        } finally {
            await database.close();
        }
    });

    it('keeps ADMIN_PASSWORD as the admin password without forcing a change', async () => {
        const database = await openDatabase({});
        try {
            await bootstrap(database.db, { adminEmail: 'a@b.test', adminPassword: 'Given#Pass1' });
            expect(await database.db.query.users.findFirst()).toMatchObject({ password_changed: true });
        } finally {
            await database.close();
        }
    });

    it('generates passwords that meet the SPEC 5 rules', () => {
        for (let i = 0; i < 200; i++) expect(passwordProblem(generatedPassword())).toBeUndefined();
    });
});
