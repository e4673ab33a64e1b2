import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_EXPORT_MESSAGES } from '../../contract/importExport';
import { features } from '../../src/features';
import { AppNotification } from '../../src/notifications/AppNotification';
import { ImportExportSection } from '../../src/resources/import-export/ImportExportSection';
import { readReply } from '../../src/resources/import-export/fileId';
import { stubObjectUrls } from './eventsFixtures';
import { renderInAdmin, testSession } from './render';

const EXPORT_ID = '0b6f1c7e-4a1d-4c55-9d7e-2f0c3b1a9e10';
const IMPORT_ID = '5d2e8a90-13c4-4f6b-8a7d-6e1f0c2b3a45';
const SUMMARY = 'Imported: 3 card formats, 24 profiles. Already there: 1 access groups. Left out: 2.';

/** The anchors saveFile clicks: the name each download is saved under. */
let saved: string[] = [];
beforeEach(() => {
    stubObjectUrls();
    saved = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
    });
});

type Call = (
    path: string,
    options: { method: string; query: Record<string, unknown>; body: FormData; noAccount: boolean },
) => Promise<string>;

const section = (call: Call) => {
    const dp = {
        call: vi.fn(call),
        download: vi.fn(async (_path: string, query: { file_id: string }) =>
            query.file_id === EXPORT_ID
                ? new File(['PK'], 'platform_data.zip', { type: 'application/zip' })
                : new File(['kind,item,reason\n'], 'import_report.csv', { type: 'text/csv' }),
        ),
    };
    renderInAdmin(
        <>
            <ImportExportSection accountId={12} />
            <AppNotification />
        </>,
        { session: testSession('moderator'), dataProvider: dp as never },
    );
    return dp;
};

const formOf = (dp: ReturnType<typeof section>, n = 0) => Object.fromEntries(dp.call.mock.calls[n]![1].body.entries());

describe('the import/export section of the account page (SPEC 3, 7.2)', () => {
    it('is a section of the account page for the roles holding the import/export write right', () => {
        const sections = features.flatMap(p => p.accountSections ?? []);
        expect(sections.find(s => s.key === 'import-export')?.right).toEqual(['importExport', 'write']);
    });

    it('reads the file id between the *|* marks and keeps the text around it', () => {
        expect(readReply(`The data of Contoso Offices is ready: *|*${EXPORT_ID}*|*`)).toEqual({
            fileId: EXPORT_ID,
            text: 'The data of Contoso Offices is ready',
        });
        expect(readReply(`${SUMMARY} *|*${IMPORT_ID}*|*`)).toEqual({ fileId: IMPORT_ID, text: SUMMARY });
        expect(readReply('no marks here')).toEqual({ text: 'no marks here' });
    });

    it("exports the account's data: action=export for this account, then the download of the file id the server named", async () => {
        const dp = section(async () => `The data of Contoso Offices is ready: *|*${EXPORT_ID}*|*`);
        fireEvent.click(screen.getByRole('button', { name: 'Export' }));
        const ready = await screen.findByRole('status');
        expect(ready).toHaveTextContent('platform_data.zip is ready. It is kept for a day.');
        expect(dp.call).toHaveBeenCalledWith(
            '/import_export/import',
            expect.objectContaining({ method: 'POST', query: { account_id: 12 }, noAccount: true }),
        );
        expect(formOf(dp)).toEqual({ account_id: '12', action: 'export' });

        fireEvent.click(within(ready).getByRole('button', { name: 'Download platform_data.zip' }));
        await waitFor(() => expect(saved).toEqual(['platform_data.zip']));
        expect(dp.download).toHaveBeenCalledWith('/import_export_file', { file_id: EXPORT_ID, account_id: 12 });
    });

    it('imports a file after a confirmation of what an import adds, then shows the summary without the marker and the report', async () => {
        const dp = section(async () => `${SUMMARY} *|*${IMPORT_ID}*|*`);
        const zip = new File(['PK\u0003\u0004'], 'platform_data.zip', { type: 'application/zip' });
        expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
        fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [zip] } });
        expect(screen.getByText('platform_data.zip')).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: 'Import' }));

        const dialog = await screen.findByRole('dialog', { name: 'Import platform_data.zip into this account?' });
        expect(dialog).toHaveTextContent(/card formats, access groups, readers, badge lists .* and profiles/);
        expect(dialog).toHaveTextContent('device parameters');
        expect(dialog).toHaveTextContent('Nothing already in the account is deleted');
        expect(dp.call).not.toHaveBeenCalled();
        fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));

        const done = await screen.findByRole('status');
        expect(done).toHaveTextContent(SUMMARY);
        expect(done).not.toHaveTextContent('*|*');
        expect(done).not.toHaveTextContent(IMPORT_ID);
        const form = formOf(dp);
        expect(form.action).toBe('import');
        expect(form.account_id).toBe('12');
        expect((form.file as File).name).toBe('platform_data.zip');
        expect(dp.call.mock.calls[0]![1].query).toEqual({ account_id: 12 });

        fireEvent.click(within(done).getByRole('button', { name: 'Download the report' }));
        await waitFor(() => expect(saved).toEqual(['import_report.csv']));
        expect(dp.download).toHaveBeenCalledWith('/import_export_file', { file_id: IMPORT_ID, account_id: 12 });
    });

    it('cancelling the confirmation sends nothing', async () => {
        const dp = section(async () => '');
        fireEvent.change(document.querySelector('input[type=file]')!, {
            target: { files: [new File(['PK'], 'platform_data.zip')] },
        });
        fireEvent.click(screen.getByRole('button', { name: 'Import' }));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(dp.call).not.toHaveBeenCalled();
    });

    it('shows what the server answered when it refuses: Invalid action, a file that is not ours', async () => {
        const refusals = [IMPORT_EXPORT_MESSAGES.invalidAction, IMPORT_EXPORT_MESSAGES.notOurs];
        section(async () => {
            throw new HttpError(refusals[0]!, 400, { error: refusals.shift(), request_id: 'req-42' });
        });
        fireEvent.click(screen.getByRole('button', { name: 'Export' }));
        const first = await screen.findByRole('alert');
        expect(first).toHaveTextContent('Export failed');
        expect(first).toHaveTextContent('Invalid action');
        expect(first).toHaveTextContent('req-42');
        fireEvent.click(within(first).getByRole('button', { name: 'Close' }));
        await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

        fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [new File(['name,email\n'], 'people.zip')] } });
        fireEvent.click(screen.getByRole('button', { name: 'Import' }));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Import' }));
        const second = await screen.findByRole('alert');
        expect(second).toHaveTextContent('Import failed');
        expect(second).toHaveTextContent('This file is not a platform_data.zip of this product.');
        expect(screen.queryByRole('status')).toBeNull();
    });

    it('refuses a file over the size limit before sending it', () => {
        section(async () => '');
        const big = new File(['PK'], 'huge.zip');
        Object.defineProperty(big, 'size', { value: 257 * 1024 * 1024 });
        fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [big] } });
        expect(screen.getByText('The file is larger than 256 MB.')).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    });
});
