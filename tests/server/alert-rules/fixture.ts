import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { createMailer } from '../../../server/mail/mailer';
import { alertJob } from '../../../server/resources/alert-rules/jobs';
import { startPlatform, ADMIN, type ApiCaller, type TestPlatform } from '../harness';

export interface Received {
    to: string[];
    subject: string;
    text: string;
}

/** The text of a message as sent: headers decoded enough to read the subject, quoted-printable undone. */
const parse = (raw: string, to: string[]): Received => {
    const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
    const subject = /^Subject: (.*)$/m.exec(unfolded)?.[1] ?? '';
    const decoded = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return { to, subject: subject.trim(), text: Buffer.from(decoded, 'latin1').toString('utf8') };
};

/** What a browser says it takes when it follows a link. */
export const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/**
 * The platform with its mail going through a real SMTP server started here
 * (as SMTP_URL sends it); `refuse` makes the server answer 451 to every
 * message, as a mail server that is down for a while does, `unknown` lists
 * addresses it refuses with 550 (no such mailbox), and stopSmtp/startSmtp
 * take it down and bring it back on the same port.
 */
export const alertFixture = async () => {
    const inbox: Received[] = [];
    const state = { refuse: false, unknown: new Set<string>() };
    const onData: NonNullable<SMTPServerOptions['onData']> = (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
            if (state.refuse) return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
            inbox.push(
                parse(
                    Buffer.concat(chunks).toString('latin1'),
                    session.envelope.rcptTo.map(r => r.address),
                ),
            );
            callback();
        });
    };
    const serve = () =>
        new SMTPServer({
            authOptional: true,
            disabledCommands: ['STARTTLS'],
            closeTimeout: 100,
            logger: false,
            onRcptTo(address, _session, callback) {
                if (state.unknown.has(address.address)) return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
                callback();
            },
            onData,
        });
    let smtp: SMTPServer | undefined = serve();
    await new Promise<void>(resolve => smtp!.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    const p: TestPlatform = await startPlatform({ publicUrl: 'https://console.example' });
    p.ctx.mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
        from: 'Access Console <no-reply@console.example>',
        outboxDir: '/nonexistent',
    });
    const admin: ApiCaller = await p.as(ADMIN.email);
    let seq = 0;

    const f = {
        p,
        admin,
        inbox,
        smtp: state,
        /** one run of the job, as the scheduler runs it */
        run: () => alertJob.run(p.ctx, p.app.log),
        /** the mails received since the last call */
        take: () => inbox.splice(0, inbox.length),
        async device(accountId: number, description: string) {
            const rows = (await p.ctx.db.execute(
                sql`insert into devices (account_id, hardware_id, description, secret_hash, status)
                    values (${accountId}, ${`hw-alert-${++seq}`}, ${description}, 'x', 'approved') returning id`,
            )) as unknown as { rows: { id: number }[] };
            return rows.rows[0]!.id;
        },
        async group(accountId: number, description: string) {
            const res = await admin('POST', '/access_groups', { description, account_id: accountId });
            if (res.statusCode !== 201) throw new Error(res.body);
            return res.json().id as number;
        },
        async profile(accountId: number, acsId: string, groupIds: number[] = []) {
            const rows = (await p.ctx.db.execute(
                sql`insert into profiles (account_id, acs_id) values (${accountId}, ${acsId}) returning id`,
            )) as unknown as { rows: { id: number }[] };
            const id = rows.rows[0]!.id;
            for (const g of groupIds)
                await p.ctx.db.execute(sql`insert into profile_access_groups (profile_id, access_group_id) values (${id}, ${g})`);
            return id;
        },
        /** an event as ingestion stores it; its id */
        async event(accountId: number, type: string, o: { device?: { id: number; description: string }; profileIds?: number[] } = {}) {
            const profiles = (o.profileIds ?? []).map(id => ({ profile_id: id }));
            const rows = (await p.ctx.db.execute(
                sql`insert into events (account_id, event, timestamp, device_id, device_description, profiles, profile_ids)
                    values (${accountId}, ${type}, ${p.ctx.now().toISOString()}, ${o.device?.id ?? null}, ${o.device?.description ?? null},
                            ${JSON.stringify(profiles)}::jsonb, ${`{${(o.profileIds ?? []).join(',')}}`}::integer[])
                    returning id::text as id`,
            )) as unknown as { rows: { id: string }[] };
            return Number(rows.rows[0]!.id);
        },
        async rule(body: object, as: ApiCaller = admin) {
            const res = await as('POST', '/alert_rules', { enabled: true, delivery: 'immediate', ...body });
            if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
            return res.json() as { id: number; account_id: number };
        },
        /** the mail server goes down: connections are refused until startSmtp */
        async stopSmtp() {
            const running = smtp;
            smtp = undefined;
            await new Promise<void>(resolve => running?.close(() => resolve()));
        },
        async startSmtp() {
            smtp = serve();
            await new Promise<void>(resolve => smtp!.listen(port, '127.0.0.1', resolve));
        },
        /** a confirmation mail's links, as its text gives them */
        links(mail: Received) {
            const link = (action: string) =>
                new RegExp(`https://console\\.example(/api/v2/alert_addresses/[A-Za-z0-9._-]+/${action})`).exec(mail.text)?.[1];
            return { confirm: link('confirm'), refuse: link('refuse') };
        },
        /**
         * What a person does with a link of the mail: opens it (GET, the page
         * and its button), then presses the button (the form's POST). The two pages.
         */
        async answer(path: string) {
            const shown = await p.app.inject({ method: 'GET', url: path, headers: BROWSER });
            if (!/<form method="post">/.test(shown.body)) return { shown, answered: undefined };
            const answered = await p.app.inject({
                method: 'POST',
                url: path,
                headers: { ...BROWSER, 'content-type': 'application/x-www-form-urlencoded' },
                payload: 'answer=yes',
            });
            return { shown, answered };
        },
        /** runs the job, takes the confirmation mail to each address out of the inbox and confirms by its link */
        async confirm(...addresses: string[]) {
            await f.run();
            for (const address of addresses) {
                const i = inbox.findIndex(m => m.to.includes(address) && m.subject === 'Please confirm: security alerts to this address');
                if (i < 0) throw new Error(`no confirmation mail to ${address}`);
                const [mail] = inbox.splice(i, 1);
                const { answered } = await f.answer(f.links(mail!).confirm!);
                if (answered?.statusCode !== 200) throw new Error(`confirming ${address}: ${answered?.statusCode} ${answered?.body}`);
            }
        },
        /** a rule whose outside addresses all confirmed */
        async confirmedRule(body: Record<string, unknown> & { emails?: string[] }, as: ApiCaller = admin) {
            const made = await f.rule(body, as);
            await f.confirm(...(body.emails ?? []));
            return made;
        },
        async close() {
            p.ctx.mailer.close?.();
            await p.close();
            await new Promise<void>(resolve => (smtp ? smtp.close(() => resolve()) : resolve()));
        },
    };
    return f;
};
export type AlertFixture = Awaited<ReturnType<typeof alertFixture>>;
