import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { InviteCsvCheck } from '../../contract/enrollments';
import { UploadInvites } from '../../src/resources/enrollments/UploadInvites';
import { renderInAdmin, testSession } from './render';

const choose = (content: string) => {
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([content], 'people.csv', { type: 'text/csv' })] } });
};

const render = (checked: InviteCsvCheck) => {
    const multipart = vi.fn(async (path: string) => {
        if (path === '/web-enrollments/csv/check') return checked;
        if (path === '/web-enrollments/csv') return { id: 4, total: checked.lines, sent: 0, failed: 0, pending: checked.lines, waiting: 0 };
        throw new Error(path);
    });
    const call = vi.fn(async () => ({ id: 4, total: checked.lines, sent: checked.lines, failed: 0, pending: 0, waiting: 0 }));
    renderInAdmin(<UploadInvites />, { session: testSession('moderator'), dataProvider: { multipart, call } as never });
    return { multipart };
};

describe('Upload CSV File (SPEC 2.2 /web-enrollments-create/csv)', () => {
    it('shows each line of the chosen file with its check, and sends nothing while a line would be refused', async () => {
        const { multipart } = render({
            lines: 2,
            refused: 1,
            rows: [
                { line: 2, name: 'Ada Lovelace', email: 'ada@example.com', badge_number: '1234', problem: null },
                { line: 3, name: '', email: 'nobody@example.com', badge_number: '', problem: 'Name is required' },
            ],
            rows_more: 0,
            left_today: 1000,
        });
        choose('name,email\nAda Lovelace,ada@example.com\n,nobody@example.com\n');
        const table = await screen.findByRole('table', { name: 'The lines of the file' });
        const ada = within(table).getByText('Ada Lovelace').closest('tr')!;
        expect(within(ada).getByText('Will be invited')).toBeInTheDocument();
        const nobody = within(table).getByText('nobody@example.com').closest('tr')!;
        expect(within(nobody).getByText('Name is required')).toBeInTheDocument();
        expect(screen.getByText(/1 of 2 lines would be refused/)).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Send the invitations' })).toBeDisabled();
        expect(multipart).toHaveBeenCalledTimes(1);
        expect(multipart).toHaveBeenCalledWith('/web-enrollments/csv/check', expect.any(FormData));
    });

    it('sends a file whose every line passed, saying how many it invites, then shows the progress', async () => {
        const { multipart } = render({
            lines: 2,
            refused: 0,
            rows: [
                { line: 2, name: 'Ada Lovelace', email: 'ada@example.com', badge_number: '', problem: null },
                { line: 3, name: 'Alan Turing', email: 'alan@example.com', badge_number: '', problem: null },
            ],
            rows_more: 0,
            left_today: 1000,
        });
        choose('name,email\nAda Lovelace,ada@example.com\nAlan Turing,alan@example.com\n');
        expect(await screen.findByText('Every line passed: 2 people will be invited.')).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: 'Send 2 invitations' }));
        await waitFor(() => expect(multipart).toHaveBeenCalledWith('/web-enrollments/csv', expect.any(FormData)));
        expect(await screen.findByText(/of 2 invitations sent/)).toBeInTheDocument();
    });
});
