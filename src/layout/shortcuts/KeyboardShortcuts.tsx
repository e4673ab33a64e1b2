import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { IMPLEMENTED_SCREENS, menuItems } from '../../../contract/menu';
import { CREATE_SHORTCUT_SELECTOR } from '../../components/shortcutTarget';
import { useSession } from '../../session/useSession';
import { GO_TO, GO_TO_WINDOW_MS, notForShortcuts } from './keys';

const HelpContext = createContext<() => void>(() => undefined);

/** Opens the list of keyboard shortcuts (the user menu's "Keyboard shortcuts"). */
export const useOpenShortcutsHelp = () => useContext(HelpContext);

/** The go-to shortcuts this session's menu has, with where each goes and its label. */
const useGoTo = () => {
    const session = useSession();
    return useMemo(() => {
        if (!session) return [];
        const menu = menuItems(session.flags, IMPLEMENTED_SCREENS);
        return GO_TO.flatMap(({ letter, screen }) => {
            const item = menu.find(i => i.key === screen);
            return item ? [{ letter, to: item.to, title: item.title }] : [];
        });
    }, [session]);
};

const Keys = ({ keys }: { keys: string[] }) => (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {keys.map((k, i) => (
            <Box
                key={i}
                component="kbd"
                sx={{ px: 0.75, py: 0.25, mr: 0.5, border: 1, borderColor: 'divider', borderRadius: 0.5, fontFamily: 'monospace' }}
            >
                {k}
            </Box>
        ))}
    </Box>
);

const HelpDialog = ({ open, onClose, goTo }: { open: boolean; onClose: () => void; goTo: ReturnType<typeof useGoTo> }) => {
    const translate = useTranslate();
    const rows: { keys: string[]; text: string }[] = [
        { keys: ['?'], text: translate('layout.shortcuts.help') },
        { keys: ['/'], text: translate('layout.shortcuts.search') },
        ...goTo.map(g => ({ keys: ['g', g.letter], text: translate('layout.shortcuts.goTo', { screen: translate(g.title) }) })),
        { keys: ['n'], text: translate('layout.shortcuts.create') },
        { keys: ['Esc'], text: translate('layout.shortcuts.close') },
    ];
    return (
        <Dialog open={open} onClose={onClose} aria-labelledby="keyboard-shortcuts-title">
            <DialogTitle id="keyboard-shortcuts-title">{translate('layout.shortcuts.title')}</DialogTitle>
            <DialogContent>
                <Table size="small" aria-labelledby="keyboard-shortcuts-title">
                    <TableBody>
                        {rows.map(r => (
                            <TableRow key={r.keys.join(' ')}>
                                <TableCell>
                                    <Keys keys={r.keys} />
                                </TableCell>
                                <TableCell>{r.text}</TableCell>
                            </TableRow>
                        ))}
                    </TableBody>
                </Table>
            </DialogContent>
        </Dialog>
    );
};

/**
 * The console's keyboard shortcuts (plain keydown on the document, no library): `?` lists them, `g` then a
 * letter opens a main screen of the user's menu, `n` presses the current list's Add button (CREATE_SHORTCUT),
 * Escape closes the list (the dialog's own). `/` is the search box's (src/resources/search/SearchBox.tsx).
 * Keys typed in a field, or held with Ctrl, Meta or Alt, are left alone.
 */
export const KeyboardShortcuts = ({ children }: { children?: ReactNode }) => {
    const [open, setOpen] = useState(false);
    const openHelp = useCallback(() => setOpen(true), []);
    const navigate = useNavigate();
    const goTo = useGoTo();
    // when `g` was pressed, while the second letter may follow
    const pendingGo = useRef<number | undefined>(undefined);
    useEffect(() => {
        const onKey = (e: KeyboardEvent) => {
            if (notForShortcuts(e)) return;
            const since = pendingGo.current;
            pendingGo.current = undefined;
            if (since !== undefined && Date.now() - since <= GO_TO_WINDOW_MS) {
                const target = goTo.find(g => g.letter === e.key.toLowerCase());
                if (target) {
                    e.preventDefault();
                    setOpen(false);
                    navigate(target.to);
                }
                return;
            }
            // while the list is open, only its own keys (Escape) count
            if (open) return;
            if (e.key === '?') {
                e.preventDefault();
                setOpen(true);
            } else if (e.key === 'g') {
                pendingGo.current = Date.now();
            } else if (e.key === 'n') {
                const add = document.querySelector<HTMLElement>(CREATE_SHORTCUT_SELECTOR);
                if (add && !add.matches(':disabled, [aria-disabled="true"]')) {
                    e.preventDefault();
                    add.click();
                }
            }
        };
        document.addEventListener('keydown', onKey);
        return () => document.removeEventListener('keydown', onKey);
    }, [goTo, navigate, open]);
    return (
        <HelpContext.Provider value={openHelp}>
            {children}
            <HelpDialog open={open} onClose={() => setOpen(false)} goTo={goTo} />
        </HelpContext.Provider>
    );
};
