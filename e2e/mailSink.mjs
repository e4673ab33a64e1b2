// A real SMTP server for the browser tests (smtp-server): the platform under
// test sends its mail here (SMTP_URL), and the tests read what arrived over a
// small HTTP endpoint: GET /messages?to=address answers the raw messages.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

export const startMailSink = async ({ smtpPort, httpPort }) => {
    const messages = [];
    const smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        onData(stream, session, callback) {
            const chunks = [];
            stream.on('data', c => chunks.push(c));
            stream.on('end', () => {
                const raw = Buffer.concat(chunks).toString('utf8');
                for (const rcpt of session.envelope.rcptTo) messages.push({ to: rcpt.address.toLowerCase(), raw });
                callback();
            });
        },
    });
    await new Promise(resolve => smtp.listen(smtpPort, '127.0.0.1', resolve));
    const web = http.createServer((req, res) => {
        const to = new URL(req.url, 'http://sink').searchParams.get('to')?.toLowerCase();
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(messages.filter(m => !to || m.to === to).map(m => m.raw)));
    });
    await new Promise(resolve => web.listen(httpPort, '127.0.0.1', resolve));
    return { close: () => Promise.all([new Promise(r => smtp.close(r)), new Promise(r => web.close(r))]) };
};
