import { SMTPServer } from 'smtp-server';

/** A mail as a local SMTP server took it: for each recipient, the raw message. */
export interface InboxMail {
    to: string;
    raw: string;
}

/**
 * A real SMTP server on a free loopback port that keeps every mail it takes, for the tests of what the platform
 * sends (as SMTP_URL would send it); `login: true` takes any user and password.
 */
export const startSmtpInbox = async (options: { login?: boolean } = {}) => {
    const inbox: InboxMail[] = [];
    const server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        ...(options.login ? { onAuth: (_auth, _session, callback) => callback(null, { user: 'mailer' }) } : {}),
        onData(stream, session, callback) {
            const chunks: Buffer[] = [];
            stream.on('data', (c: Buffer) => chunks.push(c));
            stream.on('end', () => {
                for (const rcpt of session.envelope.rcptTo) inbox.push({ to: rcpt.address, raw: Buffer.concat(chunks).toString('utf8') });
                callback();
            });
        },
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    return {
        inbox,
        port: (server.server.address() as { port: number }).port,
        close: () => new Promise<void>(resolve => server.close(() => resolve())),
    };
};
