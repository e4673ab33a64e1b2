import nodemailer from 'nodemailer';
import fs from 'node:fs';
import path from 'node:path';

export interface Mail {
    to: string;
    subject: string;
    text: string;
    /** the same message as HTML, for mail programs that show it */
    html?: string;
    /** the sender's name in place of MAIL_FROM's (an account's brand), its address unchanged */
    fromName?: string;
}
export interface Mailer {
    send(mail: Mail): Promise<void>;
    /** ends the SMTP connections kept open between messages */
    close?(): void;
}

/**
 * SMTP through nodemailer when SMTP_URL is set, over a pool of up to five
 * connections kept open between messages (a CSV of invitations would
 * otherwise open one connection a message); otherwise each mail is written
 * as an .eml file under DATA_DIR/outbox and announced in the log, so a
 * machine without a mail server still gets its reset links.
 */
export const createMailer = (options: { smtpUrl?: string; from: string; outboxDir: string; log?: (message: string) => void }): Mailer => {
    const transport = options.smtpUrl
        ? nodemailer.createTransport({ url: options.smtpUrl, pool: true, maxConnections: 5 })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    return {
        async send(mail) {
            const { fromName, ...message } = mail;
            const from = fromName ? { name: fromName, address: /<([^>]+)>/.exec(options.from)?.[1] ?? options.from } : options.from;
            const info = await transport.sendMail({ ...message, from });
            if (options.smtpUrl) return;
            fs.mkdirSync(options.outboxDir, { recursive: true });
            const file = path.join(
                options.outboxDir,
                `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
            );
            fs.writeFileSync(file, (info as unknown as { message: Buffer }).message);
            options.log?.(`mail to ${mail.to} ("${mail.subject}") written to ${file}`);
        },
        close: () => transport.close(),
    };
};

/** Keeps mail in memory: for tests that read the reset link. */
export const memoryMailer = (): Mailer & { sent: Mail[] } => {
    const sent: Mail[] = [];
    return { sent, send: async mail => void sent.push(mail) };
};
