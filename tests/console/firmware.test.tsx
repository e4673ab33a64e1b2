import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import type { CreateParams, GetListParams, GetOneParams } from 'react-admin';
import { emptyCounts, type ArtifactRecord, type DeploymentDeviceRecord, type DeploymentRecord } from '../../contract/firmware';
import { QuickViewProvider } from '../../src/components/quickView';
import { DeploymentForm } from '../../src/resources/firmware/DeploymentForm';
import { DeploymentList } from '../../src/resources/firmware/DeploymentList';
import { DeploymentStatus } from '../../src/resources/firmware/DeploymentStatus';
import { FirmwareVersions } from '../../src/resources/firmware/FirmwareVersions';
import { UploadForm } from '../../src/resources/firmware/UploadForm';
import { listQuery } from '../../src/dataProvider';
import { ACCOUNTS, Location } from './layout/helpers';
import { renderInAdmin, testSession } from './render';

const artifact = (over: Partial<ArtifactRecord> = {}): ArtifactRecord => ({
    id: 7,
    account_id: 10,
    account_name: 'Contoso Offices',
    name: 'rock-os-4.2.0',
    size: 306_688,
    updated_at: '2026-11-20T10:00:00Z',
    created_at: '2026-11-20T10:00:00Z',
    compatibility: ['rock-gen2', 'rock-gen3'],
    signed: false,
    verification: null,
    verified_by: null,
    payload_type: 'rootfs-image',
    provides: { artifact_name: 'rock-os-4.2.0' },
    depends: {},
    file_name: 'rock-os-4.2.0.mender',
    checksum: 'ab'.repeat(32),
    description: '',
    ...over,
});

/**
 * A stand-in for XMLHttpRequest: the upload's progress and the server's
 * answer are played by the test.
 */
class FakeXhr {
    static last: FakeXhr | undefined;
    upload: { onprogress?: (e: { loaded: number; total: number; lengthComputable: boolean }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    ontimeout?: () => void;
    onabort?: () => void;
    status = 0;
    responseText = '';
    timeout = 0;
    sent?: FormData;
    headers: Record<string, string> = {};
    open = vi.fn();
    setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
    }
    send(body: FormData) {
        this.sent = body;
        FakeXhr.last = this;
    }
    abort() {
        this.onabort?.();
    }
    answer(status: number, body: unknown) {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
    }
}

describe('the firmware upload form (SPEC 2.6 Firmware, 5, 8.3)', () => {
    beforeEach(() => {
        vi.stubGlobal('XMLHttpRequest', FakeXhr);
        FakeXhr.last = undefined;
    });
    afterEach(() => vi.unstubAllGlobals());

    const renderForm = () => {
        const onDone = vi.fn();
        renderInAdmin(<UploadForm onDone={onDone} />);
        const choose = (name: string) =>
            fireEvent.change(screen.getByLabelText('Firmware file (.mender)'), {
                target: { files: [new File([new Uint8Array(2048)], name)] },
            });
        return { onDone, choose };
    };

    it('asks for a file whose name ends in .mender before sending anything', async () => {
        const { choose } = renderForm();
        fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
        expect(await screen.findByText('Firmware file is required')).toBeInTheDocument();
        choose('rock-os.bin');
        expect(await screen.findByText('The file name must end in .mender')).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
        expect(FakeXhr.last).toBeUndefined();
    });

    it('sends the file in the field "artifact" after the account, shows the progress, and reports the new firmware', async () => {
        localStorage.setItem('user', JSON.stringify({ id: 1, account: { id: 10 } }));
        const { onDone, choose } = renderForm();
        choose('rock-os-4.2.0.mender');
        fireEvent.change(screen.getByLabelText('Description (optional)'), { target: { value: 'Spring release' } });
        fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
        await waitFor(() => expect(FakeXhr.last).toBeDefined());
        const xhr = FakeXhr.last!;
        expect([...xhr.sent!.keys()]).toEqual(['account_id', 'description', 'artifact']);
        expect(xhr.sent!.get('account_id')).toBe('10');
        expect((xhr.sent!.get('artifact') as File).name).toBe('rock-os-4.2.0.mender');
        expect(xhr.timeout).toBe(1e8);
        xhr.upload.onprogress!({ loaded: 1024, total: 2048, lengthComputable: true });
        expect(await screen.findByText('Uploading 50%')).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Cancel upload' })).toBeInTheDocument();
        xhr.upload.onprogress!({ loaded: 2048, total: 2048, lengthComputable: true });
        expect(await screen.findByText('Checking the artifact…')).toBeInTheDocument();
        xhr.answer(201, artifact());
        await waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ id: 7, name: 'rock-os-4.2.0' })));
    });

    it('shows why the server refused the file', async () => {
        const { onDone, choose } = renderForm();
        choose('broken.mender');
        fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
        await waitFor(() => expect(FakeXhr.last).toBeDefined());
        FakeXhr.last!.answer(400, { error: 'The file is not a valid Mender artifact: the archive is truncated.', request_id: 'r-1' });
        expect(await screen.findByText('The file is not a valid Mender artifact: the archive is truncated.')).toBeInTheDocument();
        expect(onDone).not.toHaveBeenCalled();
        expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    });

    it('cancel stops the upload and leaves the form ready', async () => {
        const { onDone, choose } = renderForm();
        choose('big.mender');
        fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
        fireEvent.click(await screen.findByRole('button', { name: 'Cancel upload' }));
        await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel upload' })).toBeNull());
        expect(onDone).not.toHaveBeenCalled();
    });
});

const candidates = [
    {
        id: 21,
        account_id: 10,
        account_name: 'Contoso Offices',
        description: 'Lobby',
        hardware_id: 'HW-21',
        board_type: 'rock-gen2',
        release: '4.1.0',
        status: 'online',
    },
    {
        id: 22,
        account_id: 10,
        account_name: 'Contoso Offices',
        description: 'Garage',
        hardware_id: 'HW-22',
        board_type: 'rock-gen2',
        release: '4.1.0',
        status: 'online',
    },
    {
        id: 23,
        account_id: 10,
        account_name: 'Contoso Offices',
        description: 'Roof',
        hardware_id: 'HW-23',
        board_type: 'rock-gen3',
        release: '4.1.0',
        status: 'offline',
    },
    {
        id: 24,
        account_id: 10,
        account_name: 'Contoso Offices',
        description: 'Dock',
        hardware_id: 'HW-24',
        board_type: 'rock-gen3',
        release: '4.1.0',
        status: 'online',
    },
];

type Call = (path: string, options?: { method?: string; query?: Record<string, unknown>; body?: unknown }) => Promise<unknown>;

/** A dataProvider whose react-admin methods reach `call` as the server would see them: the same path, query and body. */
const served = (call: Call) => ({
    call,
    getList: async (resource: string, params: GetListParams) => {
        const reply = (await call(`/${resource}`, { query: listQuery(params) })) as { result: unknown[]; count: number };
        return { data: reply.result, total: reply.count };
    },
    getOne: async (resource: string, params: GetOneParams) => ({ data: await call(`/${resource}/${params.id}`) }),
    create: async (resource: string, params: CreateParams) => ({ data: await call(`/${resource}`, { method: 'POST', body: params.data }) }),
});

describe('Schedule an Update (SPEC 2.2 /firmware-updates/new, 5)', () => {
    const renderForm = (
        call = vi.fn(
            async (path: string, options?: { method?: string; query?: Record<string, unknown>; body?: unknown }): Promise<unknown> => {
                if (path === '/artifacts')
                    return { result: [artifact(), artifact({ id: 8, name: 'rock-os-4.3.0-beta', verification: 'unverified' })], count: 2 };
                if (path === '/deployments/candidates') return { result: candidates, count: candidates.length };
                if (path === '/deployments/candidates/counts')
                    return {
                        result: [
                            { artifact_id: 7, readers: 4 },
                            { artifact_id: 8, readers: 1 },
                            { artifact_id: 9, readers: 0 },
                        ],
                    };
                if (path === '/deployments' && options?.method === 'POST') return { id: 55 };
                throw new Error(`unexpected ${path}`);
            },
        ),
    ) => {
        const onDone = vi.fn();
        renderInAdmin(<DeploymentForm onDone={onDone} />, { session: testSession('moderator'), dataProvider: served(call) as never });
        return { call, onDone };
    };
    const chooseFirmware = async (name: RegExp) => {
        fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Firmware/ }));
        fireEvent.click(await screen.findByRole('option', { name }));
    };

    it('refuses a name with spaces and asks for firmware and readers (SPEC 5)', async () => {
        const { call } = renderForm();
        fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'spring rollout' } });
        fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
        expect(await screen.findByText('Name may hold letters, numbers and punctuation only')).toBeInTheDocument();
        expect(screen.getByText('Firmware is required')).toBeInTheDocument();
        expect(call).not.toHaveBeenCalledWith('/deployments', expect.anything());
    });

    it('offers only the compatible readers of the chosen firmware, spreads them over the phases and sends the deployment', async () => {
        const { call, onDone } = renderForm();
        fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'spring-rollout' } });
        await chooseFirmware(/rock-os-4\.2\.0/);
        expect(screen.getByText('Compatible with rock-gen2, rock-gen3')).toBeInTheDocument();
        const table = await screen.findByRole('table', { name: 'Readers' });
        await within(table).findByText('Lobby');
        expect(call).toHaveBeenCalledWith(
            '/deployments/candidates',
            expect.objectContaining({ query: expect.objectContaining({ artifact_id: 7, per_page: 999999 }) }),
        );
        fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
        expect(screen.getByText('4 readers chosen')).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: 'Add a phase' }));
        fireEvent.change(screen.getByLabelText('Share (%)', { selector: 'input:not([disabled])' }), { target: { value: '25' } });
        expect(screen.getByTestId('phase-1-plan')).toHaveTextContent('1 reader');
        expect(screen.getByTestId('phase-2-plan')).toHaveTextContent('3 readers');
        const starts = screen.getAllByLabelText('Starts at');
        fireEvent.change(starts[1]!, { target: { value: '2030-01-02T03:04:05' } });
        fireEvent.change(screen.getByLabelText('Retries'), { target: { value: '2' } });
        fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
        await waitFor(() => expect(onDone).toHaveBeenCalledWith({ id: 55 }));
        expect(call).toHaveBeenCalledWith('/deployments', {
            method: 'POST',
            body: {
                name: 'spring-rollout',
                artifact_id: 7,
                device_ids: [21, 22, 23, 24],
                phases: [{ share: 25 }, { start_at: new Date('2030-01-02T03:04:05').toISOString() }],
                retries: 2,
            },
        });
    });

    it('says the name’s rules before it is refused', async () => {
        renderForm();
        expect(
            await screen.findByText('Letters, numbers and punctuation without spaces (e.g. spring-rollout), up to 100 characters.'),
        ).toBeInTheDocument();
    });

    it('offers only the firmware some reader of the account can take, with how many can, and says when none can', async () => {
        const firmware = [artifact(), artifact({ id: 9, name: 'rock-os-mini-1.0', compatibility: ['rock-mini'] })];
        const counts = {
            result: [
                { artifact_id: 7, readers: 4 },
                { artifact_id: 9, readers: 0 },
            ],
        };
        const call = vi.fn(async (path: string): Promise<unknown> => {
            if (path === '/artifacts') return { result: firmware, count: firmware.length };
            if (path === '/deployments/candidates/counts') return counts;
            throw new Error(path);
        });
        renderForm(call);
        fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Firmware/ }));
        const options = within(await screen.findByRole('listbox')).getAllByRole('option');
        expect(options.map(o => o.textContent)).toEqual(['rock-os-4.2.0 — rock-gen2, rock-gen3 · 4 readers can take it']);
        cleanup();
        counts.result = [
            { artifact_id: 7, readers: 0 },
            { artifact_id: 9, readers: 0 },
        ];
        renderForm(call);
        expect(await screen.findByText('No reader of this account can take any of the uploaded firmware.')).toBeInTheDocument();
    });

    it('warns when the firmware is not verified by the account’s keys, and shows the server’s refusal', async () => {
        const call = vi.fn(async (path: string, options?: { method?: string }): Promise<unknown> => {
            if (path === '/artifacts')
                return { result: [artifact({ id: 8, name: 'rock-os-4.3.0-beta', verification: 'unverified' })], count: 1 };
            if (path === '/deployments/candidates') return { result: candidates.slice(0, 1), count: 1 };
            if (path === '/deployments/candidates/counts') return { result: [{ artifact_id: 8, readers: 1 }] };
            if (options?.method === 'POST')
                throw Object.assign(new Error('refused'), {
                    status: 409,
                    body: {
                        error: 'This firmware’s signature could not be verified with the account’s public keys; it cannot be deployed.',
                        request_id: 'r',
                    },
                });
            throw new Error(path);
        });
        renderForm(call);
        fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'beta' } });
        await chooseFirmware(/rock-os-4\.3\.0-beta/);
        expect(await screen.findByText('Its signature is not verified by the account’s keys: it cannot be deployed.')).toBeInTheDocument();
        fireEvent.click(await screen.findByRole('checkbox', { name: 'Lobby' }));
        fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
        expect(
            await screen.findByText(
                'This firmware’s signature could not be verified with the account’s public keys; it cannot be deployed.',
                { selector: '.MuiAlert-message' },
            ),
        ).toBeInTheDocument();
    });
});

describe('Updates (SPEC 2.2 /firmware-updates/versions)', () => {
    it('lists name, size in SPEC 9 units, update time, compatible devices and the signature; firmware from above cannot be deleted here', async () => {
        const getList = vi.fn(async () => ({
            data: [
                artifact({ signed: true, verification: 'verified', verified_by: { id: 1, name: 'Release signing' } }),
                artifact({
                    id: 9,
                    name: 'rock-os-4.0.0',
                    account_id: 4,
                    account_name: 'Northwind Security',
                    size: 5 * 1024 ** 3,
                    compatibility: ['rock-mini'],
                }),
            ],
            total: 2,
        }));
        renderInAdmin(
            <QuickViewProvider>
                <FirmwareVersions />
            </QuickViewProvider>,
            { session: testSession('moderator'), path: '/firmware-updates/versions', dataProvider: { getList: getList as never } },
        );
        const own = (await screen.findByText('rock-os-4.2.0')).closest('tr')!;
        expect(within(own).getByText('299.50 KB')).toBeInTheDocument();
        expect(within(own).getByText('rock-gen2')).toBeInTheDocument();
        expect(within(own).getByText('Signed')).toBeInTheDocument();
        expect(within(own).getByText('Verified')).toBeInTheDocument();
        expect(within(own).getByRole('button', { name: 'Delete' })).toBeEnabled();
        const inherited = screen.getByText('rock-os-4.0.0').closest('tr')!;
        expect(within(inherited).getByText('5.00 GB')).toBeInTheDocument();
        expect(within(inherited).getByText('from Northwind Security')).toBeInTheDocument();
        expect(within(inherited).getByText('Unsigned')).toBeInTheDocument();
        expect(within(inherited).getByRole('button', { name: 'Delete' })).toBeDisabled();
        expect(getList).toHaveBeenCalledWith('artifacts', expect.objectContaining({ sort: { field: 'updated_at', order: 'DESC' } }));
        // Deleting asks first, naming the firmware.
        fireEvent.click(within(own).getByRole('button', { name: 'Delete' }));
        expect(await screen.findByText("Delete the firmware 'rock-os-4.2.0'?")).toBeInTheDocument();
    });
});

describe('Updates across accounts (the lists’ account scope)', () => {
    const renderVersions = (session = testSession('dealer')) => {
        const getList = vi.fn(async (resource: string, _params?: { filter: Record<string, unknown> }) =>
            resource === 'accounts'
                ? { data: ACCOUNTS, total: ACCOUNTS.length }
                : {
                      data: [
                          artifact(),
                          artifact({ id: 8, name: 'rock-os-4.1.0', account_id: 12, account_name: 'Fabrikam Labs' }),
                          artifact({ id: 9, name: 'rock-os-4.0.0', account_id: 1, account_name: 'Platform' }),
                      ],
                      total: 3,
                  },
        );
        renderInAdmin(
            <QuickViewProvider>
                <FirmwareVersions />
                <Location />
            </QuickViewProvider>,
            { session, path: '/firmware-updates/versions', dataProvider: { getList: getList as never } },
        );
        const asked = () => getList.mock.calls.filter(([resource]) => resource === 'artifacts').map(([, p]) => p!.filter);
        return { getList, asked };
    };

    it('a dealer in its own account lists what its accounts uploaded and may use (cross_account), with each one’s account', async () => {
        const { asked } = renderVersions();
        const below = (await screen.findByText('rock-os-4.1.0')).closest('tr')!;
        expect(asked().at(-1)).toEqual({ cross_account: 'true', account_id: undefined });
        expect(screen.getByRole('combobox', { name: 'Account' })).toHaveValue('All my accounts');
        expect(screen.getByRole('columnheader', { name: 'Account' })).toBeInTheDocument();
        expect(await within(below).findByText('Fabrikam Labs')).toBeInTheDocument();
        // uploaded in an account it reaches: it may delete it; uploaded above its own account: only there
        expect(within(below).getByRole('button', { name: 'Delete' })).toBeEnabled();
        const above = screen.getByText('rock-os-4.0.0').closest('tr')!;
        await waitFor(() => expect(within(above).getByRole('button', { name: 'Delete' })).toBeDisabled());
    });

    it('choosing one account lists what that account may use (account_id)', async () => {
        const { asked } = renderVersions();
        await screen.findByText('rock-os-4.1.0');
        const account = screen.getByRole('combobox', { name: 'Account' });
        fireEvent.click(account);
        fireEvent.change(account, { target: { value: 'Fab' } });
        fireEvent.click(await screen.findByRole('option', { name: 'Fabrikam Labs' }));
        await waitFor(() => expect(asked().at(-1)).toEqual({ account_id: '12' }));
        expect(screen.queryByRole('columnheader', { name: 'Account' })).toBeNull();
        // seen from Fabrikam, what Contoso uploaded comes from above
        expect(within(screen.getByText('rock-os-4.2.0').closest('tr')!).getByText('from Contoso Offices')).toBeInTheDocument();
    });

    it('a moderator lists its account’s firmware, with no account filter', async () => {
        const { asked } = renderVersions(testSession('moderator'));
        await screen.findByText('rock-os-4.1.0');
        expect(asked().every(f => Object.keys(f).length === 0)).toBe(true);
        expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
        expect(screen.queryByRole('columnheader', { name: 'Account' })).toBeNull();
    });
});

describe('Deployments (SPEC 2.2 /firmware-updates)', () => {
    const deploymentRow = (id: number, name: string, account: [number, string]): DeploymentRecord => ({
        id,
        account_id: account[0],
        account_name: account[1],
        name,
        artifact_id: 7,
        artifact_name: 'rock-os-4.2.0',
        status: 'in_progress',
        retries: 0,
        filter: null,
        device_count: 2,
        stats: { ...emptyCounts(), success: 1, pending: 1 },
        phases: [],
        created_by: 'Jane Doe',
        created_at: '2026-11-20T09:00:00Z',
        start_at: '2026-11-20T10:00:00Z',
        finished_at: null,
    });
    const renderDeployments = (session = testSession('dealer')) => {
        const getList = vi.fn(async (resource: string, _params?: { filter: Record<string, unknown> }) =>
            resource === 'accounts'
                ? { data: ACCOUNTS, total: ACCOUNTS.length }
                : {
                      data: [
                          deploymentRow(1, 'lobby-rollout', [10, 'Contoso Offices']),
                          deploymentRow(2, 'lab-rollout', [12, 'Fabrikam Labs']),
                      ],
                      total: 2,
                  },
        );
        // the readers of the accounts asked for: those below report a release, the dealer's own none
        const call = vi.fn(async (_path: string, options?: { query?: Record<string, unknown> }) => ({
            result:
                options?.query?.cross_account === 'true' || options?.query?.account_id === '12'
                    ? [{ release: '4.1.0', board_type: 'rock-gen2', count: 3 }]
                    : [],
        }));
        renderInAdmin(
            <QuickViewProvider>
                <DeploymentList />
                <Location />
            </QuickViewProvider>,
            { session, path: '/firmware-updates', dataProvider: { getList: getList as never, call: call as never } },
        );
        const asked = () => getList.mock.calls.filter(([resource]) => resource === 'deployments').map(([, p]) => p!.filter);
        const installed = () => call.mock.calls.filter(([path]) => path === '/devices/installed_firmware').map(([, o]) => o?.query);
        return { asked, installed };
    };

    it('a dealer in its own account sees the deployments and installed releases of all its accounts, with each one’s account', async () => {
        const { asked, installed } = renderDeployments();
        const lab = (await screen.findByText('lab-rollout')).closest('tr')!;
        expect(asked().at(-1)).toEqual({ group: 'active', cross_account: 'true', account_id: undefined });
        expect(installed()).toEqual([{ cross_account: 'true' }]);
        expect(await screen.findByText('4.1.0: 3 readers')).toBeInTheDocument();
        expect(screen.queryByText('No approved reader reports a release yet.')).toBeNull();
        expect(screen.getByRole('columnheader', { name: 'Account' })).toBeInTheDocument();
        expect(await within(lab).findByText('Fabrikam Labs')).toBeInTheDocument();
        // a tab keeps the accounts
        fireEvent.click(screen.getByRole('tab', { name: 'Finished' }));
        await waitFor(() => expect(asked().at(-1)).toEqual({ group: 'finished', cross_account: 'true', account_id: undefined }));
    });

    it('choosing one account asks for its deployments and releases with account_id', async () => {
        const { asked, installed } = renderDeployments();
        await screen.findByText('lab-rollout');
        const account = screen.getByRole('combobox', { name: 'Account' });
        fireEvent.click(account);
        fireEvent.change(account, { target: { value: 'Fab' } });
        fireEvent.click(await screen.findByRole('option', { name: 'Fabrikam Labs' }));
        await waitFor(() => expect(asked().at(-1)).toMatchObject({ account_id: '12' }));
        expect(asked().at(-1)!.cross_account).toBeUndefined();
        await waitFor(() => expect(installed().at(-1)).toEqual({ account_id: '12' }));
        expect(screen.queryByRole('columnheader', { name: 'Account' })).toBeNull();
    });

    it('a moderator sees its own account’s, with no account filter', async () => {
        const { asked, installed } = renderDeployments(testSession('moderator'));
        await screen.findByText('lab-rollout');
        expect(asked().at(-1)).toEqual({ group: 'active' });
        await waitFor(() => expect(installed()).toEqual([{}]));
        expect(await screen.findByText('No approved reader reports a release yet.')).toBeInTheDocument();
        expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
        expect(screen.queryByRole('columnheader', { name: 'Account' })).toBeNull();
    });
});

describe('Updates with nothing uploaded yet', () => {
    it('still offers the upload', async () => {
        renderInAdmin(
            <QuickViewProvider>
                <FirmwareVersions />
            </QuickViewProvider>,
            {
                session: testSession('moderator'),
                path: '/firmware-updates/versions',
                dataProvider: { getList: (async () => ({ data: [], total: 0 })) as never },
            },
        );
        expect(await screen.findByText('No firmware uploaded yet.')).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: 'Upload firmware' }));
        // The drawer's paper and its content both carry the dialog role and the title.
        expect((await screen.findAllByRole('dialog', { name: 'Upload firmware' }))[0]).toHaveTextContent('Firmware file (.mender)');
    });
});

describe('Deployment status (SPEC 2.2 /firmware-updates/status/:id)', () => {
    const stats = (over: Partial<ReturnType<typeof emptyCounts>>) => ({ ...emptyCounts(), ...over });
    const deployment: DeploymentRecord = {
        id: 5,
        account_id: 10,
        account_name: 'Contoso Offices',
        name: 'spring-rollout',
        artifact_id: 7,
        artifact_name: 'rock-os-4.2.0',
        status: 'in_progress',
        retries: 1,
        filter: null,
        device_count: 4,
        stats: stats({ success: 1, failure: 1, installing: 1, pending: 1 }),
        phases: [
            {
                number: 0,
                share: 50,
                start_at: '2026-11-20T10:00:00Z',
                started: true,
                device_count: 2,
                stats: stats({ success: 1, failure: 1 }),
            },
            {
                number: 1,
                share: null,
                start_at: '2026-11-20T11:00:00Z',
                started: true,
                device_count: 2,
                stats: stats({ installing: 1, pending: 1 }),
            },
        ],
        created_by: 'Jane Doe',
        created_at: '2026-11-20T09:00:00Z',
        start_at: '2026-11-20T10:00:00Z',
        finished_at: null,
    };
    const entry = (over: Partial<DeploymentDeviceRecord>): DeploymentDeviceRecord => ({
        id: 1,
        device_id: 21,
        hardware_id: 'HW-21',
        description: 'Lobby',
        board_type: 'rock-gen2',
        phase: 0,
        status: 'success',
        failures: 0,
        failure_reason: null,
        started_at: '2026-11-20T10:01:00Z',
        finished_at: null,
        updated_at: '2026-11-20T10:05:00Z',
        ...over,
    });

    it('shows the progress by phase, each reader’s status, its log, and aborts after confirmation', async () => {
        const call = vi.fn(async (path: string, options?: { method?: string }): Promise<unknown> => {
            if (path === '/deployments/5' && !options) return deployment;
            if (path === '/deployments/5/logs/2')
                return {
                    result: [{ timestamp: '2026-11-20T10:02:00Z', level: 'error', message: 'Writing the inactive partition failed' }],
                };
            if (path === '/deployments/5/abort') return { ...deployment, status: 'aborted' };
            throw new Error(path);
        });
        const getList = vi.fn(async () => ({
            data: [
                entry({}),
                entry({
                    id: 2,
                    device_id: 22,
                    hardware_id: 'HW-22',
                    description: 'Garage',
                    status: 'failure',
                    failures: 2,
                    failure_reason: 'Writing the inactive partition failed',
                }),
                entry({ id: 3, device_id: 23, description: 'Roof', phase: 1, status: 'installing' }),
            ],
            total: 3,
        }));
        renderInAdmin(
            <QuickViewProvider>
                <Routes>
                    <Route path="/firmware-updates/status/:id" element={<DeploymentStatus />} />
                </Routes>
            </QuickViewProvider>,
            {
                session: testSession('moderator'),
                path: '/firmware-updates/status/5',
                dataProvider: { ...served(call), getList: getList as never } as never,
            },
        );
        expect(await screen.findByRole('heading', { name: 'spring-rollout' })).toBeInTheDocument();
        expect(screen.getByTestId('overall-done')).toHaveTextContent('2 of 4 done');
        const first = screen.getByTestId('phase-1');
        expect(within(first).getByText(/50% of the readers/)).toBeInTheDocument();
        expect(within(first).getByTestId('count-failure')).toHaveTextContent('1');
        expect(within(screen.getByTestId('phase-2')).getByText(/the remaining readers/)).toBeInTheDocument();
        expect(getList).toHaveBeenCalledWith('deployments/5/devices', expect.anything());
        const garage = (await screen.findByText('Garage')).closest('tr')!;
        expect(within(garage).getByText('Failure')).toBeInTheDocument();
        // why it failed, on its row, before the log is opened
        expect(within(garage).getByText('Writing the inactive partition failed')).toBeInTheDocument();
        fireEvent.click(garage);
        await waitFor(() => expect(screen.getByTestId('deployment-log')).toHaveTextContent('Writing the inactive partition failed'));
        fireEvent.click(screen.getByRole('button', { name: 'Close' }));
        fireEvent.click(await screen.findByRole('button', { name: 'Abort' }));
        expect(await screen.findByText('Abort this deployment?')).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: 'OK' }));
        await waitFor(() => expect(call).toHaveBeenCalledWith('/deployments/5/abort', { method: 'PUT', body: {} }));
    });
});
