/**
 * Whether a mail that did not leave may leave later. A mail server that is
 * down, slow, or answers 4xx ("try again later") is a temporary failure: the
 * message is tried again with a growing wait (mailRetryDelayMs) for
 * MAIL_RETRY_HOURS. Only a 5xx refusal of the recipient (RCPT TO, or the
 * message itself at DATA) is permanent: that address will not take it.
 * nodemailer's errors carry `responseCode` (the SMTP reply) and `command`.
 */
export type MailFailure = 'temporary' | 'permanent';

interface SmtpError {
    code?: string;
    responseCode?: number;
    command?: string;
}

export const mailFailureKind = (error: unknown): MailFailure => {
    const e = (error ?? {}) as SmtpError;
    const status = typeof e.responseCode === 'number' ? e.responseCode : 0;
    if (status >= 500 && status < 600 && (e.code === 'EENVELOPE' || e.command === 'RCPT TO' || e.command === 'DATA')) return 'permanent';
    return 'temporary';
};

/** The wait before try number `tries + 1` (tries already made, at least 1): base × 2^(tries−1), at most maxMs. */
export const mailRetryDelayMs = (tries: number, baseMs: number, maxMs: number) =>
    Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(30, tries - 1)));
