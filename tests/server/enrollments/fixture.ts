import { expect } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { ApiCaller, TestPlatform } from '../harness';

/** A drawn signature as the page sends it: a PNG data URL. */
export const signature = async () =>
    `data:image/png;base64,${(
        await sharp({ create: { width: 120, height: 40, channels: 4, background: { r: 20, g: 20, b: 120, alpha: 1 } } })
            .png()
            .toBuffer()
    ).toString('base64')}`;

/** A camera's frame (ENROLLMENT_IMAGE_MIN_SIDE refuses smaller ones). */
export const face = () =>
    sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 160, b: 140 } } })
        .jpeg()
        .toBuffer();

/** A multipart body with one file. */
export const multipartFile = (data: string | Buffer, { field = 'file', filename = 'people.csv', type = 'text/csv' } = {}) => {
    const boundary = `----fixture${Math.random().toString(16).slice(2)}`;
    return {
        payload: Buffer.concat([
            Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
            ),
            Buffer.isBuffer(data) ? data : Buffer.from(data),
            Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
};

/** A CSV of invitations: name,email then one line a person. */
export const inviteCsv = (people: { name: string; email: string }[]) =>
    `name,email\n${people.map(p => `${p.name},${p.email}`).join('\n')}\n`;

/** POST /web-enrollments/csv with `token`. */
export const uploadInvites = (p: TestPlatform, token: string, accountId: number, csv: string) =>
    p.call(token, { method: 'POST', url: `/api/v2/web-enrollments/csv?account_id=${accountId}`, ...multipartFile(csv) });

/**
 * An account under the demo dealer where staff may invite: web enrollment on
 * (with `options` more), a default access group and a consent template.
 */
export const enrollmentAccount = async (
    p: TestPlatform,
    adminToken: string,
    name: string,
    options: { name: string; value: string }[] = [],
) => {
    const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        p.call(adminToken, { method, url: `/api/v2${url}`, ...(payload ? { payload } : {}) });
    const made = await admin('POST', '/accounts', {
        name,
        ref_number: `EN-${Math.random().toString(36).slice(2, 8)}`,
        address: { email: 'site@limits.test' },
        parent_id: p.demo.dealer.id,
        options: [{ name: 'enr/enabled', value: 'true' }, ...options].map(o => ({ type: 'bool', ...o })),
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    expect((await admin('POST', '/access_groups', { description: 'Everyone', account_id: id })).statusCode).toBe(201);
    const doc = await PDFDocument.create();
    doc.addPage();
    const template = await p.call(adminToken, {
        method: 'PUT',
        url: `/api/v2/accounts/${id}/consent_template`,
        ...multipartFile(Buffer.from(await doc.save()), { filename: 'consent.pdf', type: 'application/pdf' }),
    });
    expect(template.statusCode, template.body).toBe(200);
    return id;
};

/** Invites one person into `account` as `staff` (an ApiCaller); the token of the link the invitation carries. */
export const invitedToken = async (staff: ApiCaller, account: number, person: { name: string; email: string; locale?: string }) => {
    const invited = await staff('POST', '/web-enrollments/invites', { people: [person], account_id: account });
    expect(invited.statusCode, invited.body).toBe(201);
    const id = invited.json().result[0].id as number;
    const link = (await staff('GET', `/web-enrollments/${id}/link?account_id=${account}`)).json().link as string;
    return link.split('/enroll/')[1]!;
};
