import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CardFormatRecord } from '../../contract/card-formats';
import { CardFormatsSection } from '../../src/resources/card-formats/CardFormatsSection';
import { QuickViewProvider } from '../../src/components/quickView';
import { renderInAdmin } from './render';

const h10301: CardFormatRecord = {
    id: 1,
    account_id: null,
    key: 'h10301',
    name: 'H10301 26-bit',
    type: 'predefined',
    bits: 26,
    facility: { start: 2, length: 8 },
    card: { start: 10, length: 16 },
    parity: [
        { position: 1, kind: 'even', covers: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] },
        { position: 26, kind: 'odd', covers: [14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25] },
    ],
    facility_code: null,
};
const campus: CardFormatRecord = { ...h10301, id: 7, account_id: 10, key: null, name: 'Campus 26', type: 'custom' };

/** A server holding the two formats; DELETE removes one. */
const provider = () => {
    let formats = [h10301, campus];
    const call = vi.fn(async (path: string, options?: { method?: string; body?: unknown }) => {
        if (options?.method === 'DELETE') {
            formats = formats.filter(f => `/card_formats/${f.id}` !== path);
            return {};
        }
        return { result: formats, total: formats.length };
    });
    return { call };
};

describe('card formats of an account (SPEC 4.8)', () => {
    it('deletes a custom format only after a confirmation naming it, in the account shown, then lists the formats left', async () => {
        const dp = provider();
        renderInAdmin(
            <QuickViewProvider>
                <CardFormatsSection accountId={10} />
            </QuickViewProvider>,
            { dataProvider: dp },
        );
        await screen.findByRole('table', { name: 'Card formats' });
        const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
        // predefined formats cannot be deleted
        expect(within(row('H10301 26-bit')).queryByRole('button', { name: 'Delete' })).toBeNull();

        fireEvent.click(within(row('Campus 26')).getByRole('button', { name: 'Delete' }));
        const ask = await screen.findByRole('dialog');
        expect(within(ask).getByText("Delete the card format 'Campus 26'?")).toBeInTheDocument();
        expect(within(ask).getByText(/permanently deletes its visitor badges/)).toBeInTheDocument();
        fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(dp.call.mock.calls.some(([, o]) => (o as { method?: string } | undefined)?.method === 'DELETE')).toBe(false);

        fireEvent.click(within(row('Campus 26')).getByRole('button', { name: 'Delete' }));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(dp.call).toHaveBeenCalledWith('/card_formats/7', { method: 'DELETE', body: { account_id: 10 } });
        await waitFor(() =>
            expect(screen.getAllByRole('row').map(r => r.textContent)).toEqual([
                expect.stringMatching(/^Name/),
                expect.stringMatching(/^H10301 26-bit/),
            ]),
        );
    });
});
