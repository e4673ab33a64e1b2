import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

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

/** Characters the standard Helvetica font can draw (WinAnsi); others become '?', the name stays readable. */
const drawable = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

/**
 * The signed consent (docs/decisions.md "Web enrollment"): the account's template with, at the foot
 * of its last page, the signer's name, the time of signing (UTC) and their
 * drawn signature, framed so it reads as a stamp over whatever is there.
 */
export const stampConsent = async (
    template: Uint8Array,
    signer: { name: string; signedAt: Date; signaturePng: Uint8Array; reference: string },
) => {
    const doc = await PDFDocument.load(template, { updateMetadata: false });
    const page = doc.getPages().at(-1)!;
    const font = await doc.embedFont(StandardFonts.Helvetica);
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
    const scaled = signature.scaleToFit(box.w * 0.45, box.h - 20);
    page.drawImage(signature, { x: box.x + box.w - scaled.width - 10, y: box.y + 10, width: scaled.width, height: scaled.height });
    const line = (text: string, y: number, size = 9) =>
        page.drawText(drawable(text), { x: box.x + 10, y: box.y + y, size, font, color: rgb(0, 0, 0) });
    line(`Signed by ${signer.name}`, 66, 11);
    line(`on ${signer.signedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC`, 48);
    line('through web enrollment', 34);
    line(`Reference ${signer.reference}`, 14, 7);
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
