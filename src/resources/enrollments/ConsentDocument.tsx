import { useEffect, useRef, useState } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * The consent document drawn page by page at the width of the screen (pdf.js, loaded only on this step), so that it
 * reads whole on a phone: a PDF in a frame shows a cropped page there. When it cannot be drawn, the browser's own
 * viewer in a frame, as before; the link to open it stays beside it either way.
 */
export const ConsentDocument = ({ src }: { src: string }) => {
    const translate = useTranslate();
    const pages = useRef<HTMLDivElement>(null);
    const [state, setState] = useState<'loading' | 'drawn' | 'failed'>('loading');
    useEffect(() => {
        let cancelled = false;
        const draw = async () => {
            const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
            pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
            const pdf = await pdfjs.getDocument({ url: src }).promise;
            const box = pages.current;
            if (!box || cancelled) return;
            box.replaceChildren();
            const width = box.clientWidth || 320;
            for (let number = 1; number <= pdf.numPages && !cancelled; number++) {
                const page = await pdf.getPage(number);
                const viewport = page.getViewport({
                    scale: (width / page.getViewport({ scale: 1 }).width) * (window.devicePixelRatio || 1),
                });
                const canvas = document.createElement('canvas');
                canvas.width = viewport.width;
                canvas.height = viewport.height;
                canvas.style.width = '100%';
                canvas.style.display = 'block';
                // a PDF lays its own text out: in a right-to-left page the canvas would otherwise draw each piece of
                // text from its right end, and the document's lines would come apart
                canvas.dir = 'ltr';
                canvas.setAttribute('role', 'img');
                canvas.setAttribute('aria-label', translate('enroll.documentPage', { page: number, pages: pdf.numPages }));
                box.append(canvas);
                await page.render({ canvas, viewport }).promise;
            }
            await pdf.destroy();
            if (!cancelled) setState('drawn');
        };
        draw().catch(() => !cancelled && setState('failed'));
        return () => {
            cancelled = true;
        };
    }, [src, translate]);
    if (state === 'failed')
        return (
            <Box
                component="iframe"
                src={src}
                title={translate('enroll.consentDocument')}
                sx={{ width: '100%', height: 320, border: 1, borderColor: 'divider' }}
            />
        );
    return (
        <Box
            role="document"
            aria-label={translate('enroll.consentDocument')}
            aria-busy={state === 'loading'}
            sx={{ maxHeight: '60vh', overflowY: 'auto', border: 1, borderColor: 'divider', bgcolor: 'action.hover' }}
        >
            {state === 'loading' && <CircularProgress size={24} sx={{ m: 2 }} />}
            <Box ref={pages} sx={{ display: 'grid', gap: 1 }} />
        </Box>
    );
};
