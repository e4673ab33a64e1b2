import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { resetSession } from '../session/sessionCache';
import { saveCurrentAccountId } from '../dataProvider/tokens';
import { useSession } from '../session/useSession';

interface AccountSwitchApi {
    /** Makes `account` the current account: lists, menus and flags reload for it (SPEC 4.3). */
    switchTo(account: { id: number; name: string }): Promise<void>;
}
const AccountSwitchContext = createContext<AccountSwitchApi | null>(null);

export const useAccountSwitch = (): AccountSwitchApi => {
    const api = useContext(AccountSwitchContext);
    if (!api) throw new Error('useAccountSwitch needs AccountSwitchProvider (AppLayout provides it)');
    return api;
};

/** SPEC 4.3 modal title: '{account} Dealer Account Active' for the user's own account, else '{account} Active'. */
export const switchModalTitleKey = (newAccountId: number, ownAccountId: number) =>
    newAccountId === ownAccountId ? 'layout.switch.ownActive' : 'layout.switch.active';

/** SPEC 4.3: the modal shows only when a previous selection existed and differs from the new one. */
export const showsSwitchModal = (previous: number | undefined, next: number) => previous !== undefined && previous !== next;

export const AccountSwitchProvider = ({ children }: { children: ReactNode }) => {
    const session = useSession();
    const queryClient = useQueryClient();
    const translate = useTranslate();
    const [modal, setModal] = useState<{ id: number; name: string } | null>(null);

    const switchTo = useCallback(
        async (account: { id: number; name: string }) => {
            if (!session) return;
            const previous = session.currentAccountId;
            // The own account is the default: nothing stored means "own" (SPEC 4.1 step 3).
            saveCurrentAccountId(session.me.id, account.id === session.ownAccountId ? null : account.id);
            resetSession();
            if (showsSwitchModal(previous, account.id)) setModal(account);
            // The session (flags, menu, name) reloads while the old one stays on screen; the
            // data of the previous account is dropped so no list shows it under the new name.
            await Promise.all([
                queryClient.invalidateQueries({ queryKey: ['auth'] }),
                queryClient.resetQueries({ predicate: query => query.queryKey[0] !== 'auth' }),
            ]);
        },
        [session, queryClient],
    );
    const api = useMemo(() => ({ switchTo }), [switchTo]);
    const ownAccountId = session?.ownAccountId;

    return (
        <AccountSwitchContext.Provider value={api}>
            {children}
            <Dialog open={!!modal} onClose={() => setModal(null)} aria-labelledby="account-switch-title">
                {modal && ownAccountId !== undefined && (
                    <>
                        <DialogTitle id="account-switch-title">
                            {translate(switchModalTitleKey(modal.id, ownAccountId), { account: modal.name })}
                        </DialogTitle>
                        <DialogContent>
                            <DialogContentText>{translate('layout.switch.modalText', { account: modal.name })}</DialogContentText>
                        </DialogContent>
                        <DialogActions>
                            <Button variant="contained" autoFocus onClick={() => setModal(null)}>
                                {translate('app.ok')}
                            </Button>
                        </DialogActions>
                    </>
                )}
            </Dialog>
        </AccountSwitchContext.Provider>
    );
};
