import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { enrollmentAccount, face, signature } from './fixture';

/**
 * The signed consent a person gets is written in the language of the enrollment page they signed on (the invitation's
 * when the page says none), draws names and words of any script, and names the product of the inviting account's
 * brand. Read back as a PDF reader reads it: the text pdf.js extracts from the stored document.
 */
let p: TestPlatform;
let admin: ApiCaller;
let account: number;
let templateBytes: number;

/** The words of a PDF's last page in the order the document gives them, its pieces joined by single spaces. */
const textOf = async (pdf: Buffer) => {
    const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
    const page = await doc.getPage(doc.numPages);
    const content = await page.getTextContent();
    await doc.destroy();
    return content.items
        .map(item => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' ');
};

/** The outlines of every glyph of the TrueType fonts a PDF embeds, as a reader draws them: [glyphs, drawn ones]. */
const embeddedGlyphs = async (pdf: Buffer) => {
    const doc = await PDFDocument.load(pdf);
    const fonts: { glyphs: number; outlined: number }[] = [];
    for (const [, object] of doc.context.enumerateIndirectObjects()) {
        const file = object instanceof PDFDict ? doc.context.lookup(object.get(PDFName.of('FontFile2'))) : undefined;
        if (!(file instanceof PDFRawStream)) continue;
        const font = fontkit.create(Buffer.from(decodePDFRawStream(file).decode()));
        let outlined = 0;
        for (let id = 0; id < font.numGlyphs; id++) {
            const { bbox } = font.getGlyph(id).path;
            if (bbox.maxX > bbox.minX) outlined++;
        }
        fonts.push({ glyphs: font.numGlyphs, outlined });
    }
    return fonts;
};

/**
 * Invites a person in `invitation`'s language, signs the consent on a page showing `page` (none: the page says no
 * language), takes the picture, and answers the signed consent as the staff download it from the profile.
 */
const signedConsent = async (person: { name: string; email: string; invitation?: string; page?: string }) => {
    const invited = await admin('POST', '/web-enrollments/invites', {
        people: [{ name: person.name, email: person.email, ...(person.invitation ? { locale: person.invitation } : {}) }],
        account_id: account,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const id = invited.json().result[0].id as number;
    const link = (await admin('GET', `/web-enrollments/${id}/link?account_id=${account}`)).json().link as string;
    const token = link.split('/enroll/')[1]!;
    const signed = await p.app.inject({
        method: 'POST',
        url: `/api/v2/enrollment/${token}/consent`,
        payload: { signed_name: person.name, signature: await signature(), ...(person.page ? { locale: person.page } : {}) },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const boundary = '----consentlanguage';
    const picture = await p.app.inject({
        method: 'POST',
        url: `/api/v2/enrollment/${token}/face`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
            Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="face.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
            ),
            await face(),
            Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
    });
    expect(picture.statusCode, picture.body).toBe(200);
    const record = (await admin('GET', `/web-enrollments?account_id=${account}&q=${encodeURIComponent(person.email)}`)).json().result[0];
    const consent = await admin('GET', `/profiles/${record.profile_id}/download_consent`);
    expect(consent.statusCode).toBe(200);
    expect(consent.headers['content-type']).toBe('application/pdf');
    return consent.rawPayload;
};

beforeAll(async () => {
    p = await startPlatform();
    admin = await p.as(ADMIN.email);
    account = await enrollmentAccount(p, await p.login(ADMIN.email), 'Consent Languages');
    const doc = await PDFDocument.create();
    doc.addPage();
    templateBytes = (await doc.save()).length;
}, 120_000);
afterAll(() => p?.close());

describe('the signed consent of web enrollment', () => {
    it("is written in the page's language, not the invitation's: French words and a French date", async () => {
        const text = await textOf(await signedConsent({ name: 'Léa Dupont', email: 'lea@consent.test', invitation: 'de', page: 'fr' }));
        expect(text).toContain('Signé par Léa Dupont');
        expect(text).toMatch(/le \d{1,2} \p{L}+ \d{4} à \d{2}:\d{2}:\d{2} UTC/u);
        expect(text).toContain('par inscription web');
        expect(text).toContain('Référence');
        expect(text).not.toContain('Signed by');
        expect(text).not.toContain('Unterschrieben');
    });

    it("draws Japanese words and a Japanese name, in the invitation's language when the page sends none, and stays small", async () => {
        const pdf = await signedConsent({ name: '山田 太郎', email: 'taro@consent.test', invitation: 'ja' });
        const text = await textOf(pdf);
        // a reader may see a space where the name's run starts
        expect(text).toMatch(/署名者： ?山田 太郎/);
        expect(text).toMatch(/署名日時：\d{4}年\d{1,2}月\d{1,2}日 \d{1,2}:\d{2}:\d{2} UTC/);
        expect(text).toContain('Web 登録による署名');
        expect(text).not.toContain('?');
        // the Japanese font goes in as the subset of its glyphs the stamp uses, not its 5 MB, and each glyph is whole
        expect(pdf.length - templateBytes).toBeLessThan(2 * 1024 * 1024);
        const [subset, ...others] = await embeddedGlyphs(pdf);
        expect(others).toEqual([]);
        expect(subset!.glyphs).toBeLessThan(100);
        // all but the spaces have an outline
        expect(subset!.outlined).toBeGreaterThanOrEqual(subset!.glyphs - 2);
    });

    it('draws Arabic shaped and in reading order, with a Latin name kept left to right', async () => {
        const arabic = await textOf(await signedConsent({ name: 'ليلى حداد', email: 'laila@consent.test', page: 'ar' }));
        expect(arabic).toContain('موقع من ليلى حداد');
        expect(arabic).toContain('من خلال التسجيل عبر الويب');
        expect(arabic).toMatch(/بتاريخ \d{1,2} \p{Script=Arabic}+ \d{4}/u);
        expect(arabic).toContain('المرجع');
        const latin = await textOf(await signedConsent({ name: 'Laila Haddad', email: 'laila.h@consent.test', page: 'ar' }));
        expect(latin).toContain('موقع من Laila Haddad');
    });

    it("names the product of the dealer's brand, which the account wears, in the page's language", async () => {
        const dealer = await p.as('dealer@northwind-security.example');
        const brand = { product_name: 'Northwind Access', primary_color: '#1a237e', secondary_color: '#ff6f00' };
        expect((await dealer('PUT', `/accounts/${p.demo.dealer.id}/branding`, brand)).statusCode).toBe(200);
        try {
            const english = await textOf(await signedConsent({ name: 'Ann Brand', email: 'ann@consent.test', page: 'en' }));
            expect(english).toContain('through the web enrollment of Northwind Access');
            const french = await textOf(await signedConsent({ name: 'Luc Marque', email: 'luc@consent.test', page: 'fr' }));
            expect(french).toContain('par l’inscription web de Northwind Access');
        } finally {
            await dealer('DELETE', `/accounts/${p.demo.dealer.id}/branding`);
        }
        const plain = await textOf(await signedConsent({ name: 'Ben Plain', email: 'ben@consent.test', page: 'en' }));
        expect(plain).toContain('through web enrollment');
        expect(plain).not.toContain('Northwind Access');
    });
});
