import { PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { directionOf, type LocaleCode } from '../../../contract/constants';
import { fill } from '../../mail/language';
import { CONSENT_STAMP_TEXTS, signedDate } from './consentTexts';
import { drawStampLine, isolated, stampFonts } from './stampText';

/** Whether the bytes are a PDF the library can open (SPEC 5: consent templates are PDF only). */
export const readablePdf = async (bytes: Uint8Array) => {
    if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') return false;
    try {
        const doc = await PDFDocument.load(bytes, { updateMetadata: false });
        return doc.getPageCount() > 0;
    } catch {
        return false;
    }
};

/**
 * The signed consent (docs/decisions.md "Web enrollment"): the account's template with, at the foot
 * of its last page, the signer's name, the time of signing (UTC) and their
 * drawn signature, framed so it reads as a stamp over whatever is there. Its words are in the language of the
 * page the person signed on, and name the product of the account's brand when it wears one
 * (docs/decisions.md "Web enrollment: the signed consent's language").
 */
export const stampConsent = async (
    template: Uint8Array,
    signer: {
        name: string;
        signedAt: Date;
        signaturePng: Uint8Array;
        reference: string;
        locale: LocaleCode;
        /** the product name of the account's brand; none, the generic words */
        brandName: string | null;
    },
) => {
    const doc = await PDFDocument.load(template, { updateMetadata: false });
    const page = doc.getPages().at(-1)!;
    const fonts = stampFonts(doc, signer.locale === 'ja' ? 'japanese' : 'latin');
    const signature = await doc.embedPng(signer.signaturePng);
    const { width } = page.getSize();
    const box = { x: 36, y: 24, w: Math.min(width - 72, 400), h: 92 };
    page.drawRectangle({
        x: box.x,
        y: box.y,
        width: box.w,
        height: box.h,
        color: rgb(1, 1, 1),
        borderColor: rgb(0.2, 0.2, 0.2),
        borderWidth: 0.8,
        opacity: 0.92,
    });
    // Right to left, the stamp is mirrored: the words from the right edge, the signature on the left.
    const direction = directionOf(signer.locale);
    const scaled = signature.scaleToFit(box.w * 0.45, box.h - 20);
    const imageX = direction === 'rtl' ? box.x + 10 : box.x + box.w - scaled.width - 10;
    page.drawImage(signature, { x: imageX, y: box.y + 10, width: scaled.width, height: scaled.height });
    const words = {
        left: direction === 'rtl' ? imageX + scaled.width + 8 : box.x + 10,
        right: direction === 'rtl' ? box.x + box.w - 10 : imageX - 8,
    };
    const texts = CONSENT_STAMP_TEXTS[signer.locale];
    const line = (text: string, y: number, size = 9) => drawStampLine(page, fonts, text, { direction, ...words, y: box.y + y, size });
    await line(fill(texts.signedBy, { name: isolated(signer.name) }), 66, 11);
    await line(fill(texts.signedOn, { date: signedDate(signer.locale, signer.signedAt) }), 48);
    await line(signer.brandName ? fill(texts.throughBrand, { brand: isolated(signer.brandName) }) : texts.through, 34);
    await line(fill(texts.reference, { reference: isolated(signer.reference) }), 14, 7);
    doc.setModificationDate(signer.signedAt);
    return doc.save();
};

/** A scribble that reads as a signature, for the e-signature test. */
export const sampleSignature = () =>
    sharp(
        Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="90"><path d="M10 60 C 40 10, 60 90, 90 40 S 140 20, 160 60 S 220 80, 290 30" fill="none" stroke="#1a237e" stroke-width="4"/></svg>',
        ),
    )
        .png()
        .toBuffer();
