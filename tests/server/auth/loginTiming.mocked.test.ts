import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../../server/db/schema';
import type { Mailer } from '../../../server/mail/mailer';
import { startPlatform, type TestPlatform } from '../harness';

/**
 * An attacker timing the public sign-in and reset routes must not learn which
 * addresses exist or how they sign in: every failure does the same work, and
 * the reset mail goes out after the reply. Counted rather than timed: a
 * timing on a shared machine would prove nothing either way.
 */
// The server's own argon2, counted: how long a sign-in takes is how many password checks it makes.
const argon2Verify = vi.hoisted(() => vi.fn());
vi.mock('@node-rs/argon2', async original => {
    const argon2 = await original<typeof import('@node-rs/argon2')>();
    argon2Verify.mockImplementation(argon2.verify);
    return { ...argon2, verify: argon2Verify };
});

let p: TestPlatform;
let base: string;
beforeAll(async () => {
    p = await startPlatform();
    base = await p.listen();
});
afterAll(() => p?.close());

const signIn = async (username: string) => {
    const res = await fetch(`${base}/api/v2/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'Wrong#Pass1' }),
    });
    expect(res.status).toBe(422);
};

describe('sign-in failures take the same work whoever the address is', () => {
    it('checks one password (argon2id, tens of milliseconds) for a disabled, an external and an unknown user, as for a wrong password', async () => {
        const { users: people } = p.demo.customers[0];
        await p.ctx.db.update(users).set({ disabled: true }).where(eq(users.id, people.user.id));
        await p.ctx.db.update(users).set({ external_user: true, password_hash: null }).where(eq(users.id, people.manager.id));
        await signIn('warm-up@nowhere.test');
        for (const [kind, email] of [
            ['wrong password', people.moderator.email],
            ['disabled', people.user.email],
            ['external', people.manager.email],
            ['unknown', 'nobody@nowhere.test'],
        ]) {
            argon2Verify.mockClear();
            await signIn(email!);
            expect(argon2Verify, kind).toHaveBeenCalledTimes(1);
        }
    });
});

describe('a password reset', () => {
    it('answers before the mail is sent, so the reply takes as long for an address that exists as for one that does not', async () => {
        const mailer = p.ctx.mailer;
        let release!: () => void;
        const gate = new Promise<void>(resolve => (release = resolve));
        const sent: string[] = [];
        p.ctx.mailer = { send: async mail => void (await gate, sent.push(mail.to)) } satisfies Mailer;
        try {
            const email = p.demo.customers[1].users.manager.email;
            const res = await fetch(`${base}/api/v2/reset_password`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ email }),
            });
            // The mail cannot go out until the gate opens: the reply came first.
            expect(res.status).toBe(204);
            expect(sent).toEqual([]);
            release();
            await p.app.afterReplySettled();
            expect(sent).toEqual([email]);
        } finally {
            p.ctx.mailer = mailer;
        }
    });
});
