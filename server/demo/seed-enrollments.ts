import { inArray } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { AppContext } from '../context';
import { accounts } from '../db/schema';
import { insertInvites, setConsentTemplate } from '../resources/enrollments/queries';
import { newNonce } from '../resources/enrollments/tokens';

/** A one-page consent document in plain words, as a demo account would upload. */
const demoConsentPdf = async (accountName: string) => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    const lines = [
        `${accountName}: consent to biometric access control`,
        '',
        'I agree that a template of my face is kept to open the doors I am allowed through,',
        'that the readers compare my face with it when I present myself, and that the',
        'pictures taken at enrollment are kept only as long as the account policy says.',
        'I may withdraw this consent at any time; my face data is then deleted.',
    ];
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 20, size: i === 0 ? 14 : 11, font }));
    return Buffer.from(await doc.save());
};

/**
 * Web enrollment in the demo (docs/decisions.md "Web enrollment"): each customer site has a consent
 * document and a few invitations in different states, so the Web
 * Enrollments screen and the account section show something on a fresh
 * start. No mail is sent for them.
 */
export const seedDemoEnrollments = async (ctx: Pick<AppContext, 'db' | 'storage' | 'now'>, customerNames: string[]) => {
    const sites = await ctx.db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.name, customerNames));
    const now = ctx.now();
    const day = 86_400_000;
    for (const site of sites) {
        const key = `consent-templates/${site.id}/demo.pdf`;
        await ctx.storage.put(key, await demoConsentPdf(site.name));
        await setConsentTemplate(ctx.db, {
            account_id: site.id,
            file_key: key,
            file_name: 'consent.pdf',
            version: 'v1',
            uploaded_by: 'Demo',
        });
        const domain = `${site.name.toLowerCase().replace(/[^a-z]+/g, '-')}.example`;
        await insertInvites(ctx.db, [
            {
                account_id: site.id,
                name: 'Grace Hopper',
                email: `grace@${domain}`,
                nonce: newNonce(),
                expires_at: new Date(now.getTime() + 2 * day),
                sent_at: now,
                created_by: 'Demo',
            },
            {
                account_id: site.id,
                name: 'Alan Turing',
                email: `alan@${domain}`,
                status: 'opened',
                nonce: newNonce(),
                expires_at: new Date(now.getTime() + day),
                sent_at: new Date(now.getTime() - 2 * day),
                opened_at: new Date(now.getTime() - day),
                created_by: 'Demo',
            },
            {
                account_id: site.id,
                name: 'Edsger Dijkstra',
                email: `edsger@${domain}`,
                nonce: newNonce(),
                expires_at: new Date(now.getTime() - day),
                sent_at: new Date(now.getTime() - 4 * day),
                created_by: 'Demo',
            },
        ]);
    }
};
