import { createContext, useCallback, useContext, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { Box, Drawer, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { Button as RaButton, useTranslate } from 'react-admin';
import { QUICK_VIEW_WIDTH } from '../../contract/constants';
import { CREATE_SHORTCUT } from './shortcutTarget';

/**
 * The quick-view drawer of SPEC 2.6: opens from the right, 640 wide, and
 * holds one form at a time (user, account, and later features' forms).
 */
interface QuickViewState {
    title: string;
    content: ReactNode;
}
interface QuickViewApi {
    open(title: string, content: ReactNode): void;
    close(): void;
    /** SPEC 4.4: the panel toggles between open and closed */
    toggle(title: string, content: ReactNode): void;
    isOpen: boolean;
}

const QuickViewContext = createContext<QuickViewApi | null>(null);

export const useQuickView = (): QuickViewApi => {
    const api = useContext(QuickViewContext);
    if (!api) throw new Error('useQuickView needs QuickViewProvider (AppLayout provides it)');
    return api;
};

export const QuickViewProvider = ({ children }: { children: ReactNode }) => {
    const [state, setState] = useState<QuickViewState | null>(null);
    const close = useCallback(() => setState(null), []);
    const open = useCallback((title: string, content: ReactNode) => setState({ title, content }), []);
    const toggle = useCallback((title: string, content: ReactNode) => setState(s => (s ? null : { title, content })), []);
    const api = useMemo(() => ({ open, close, toggle, isOpen: !!state }), [open, close, toggle, state]);
    return (
        <QuickViewContext.Provider value={api}>
            {children}
            <QuickViewDrawer state={state} onClose={close} />
        </QuickViewContext.Provider>
    );
};

const QuickViewDrawer = ({ state, onClose }: { state: QuickViewState | null; onClose: () => void }) => {
    const translate = useTranslate();
    return (
        <Drawer
            anchor="right"
            open={!!state}
            onClose={onClose}
            slotProps={{ paper: { sx: { width: QUICK_VIEW_WIDTH, maxWidth: '100vw' }, 'aria-label': state?.title } as object }}
        >
            {state && (
                <Box role="dialog" aria-label={state.title} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
                        <Typography variant="h6" sx={{ flex: 1 }}>
                            {state.title}
                        </Typography>
                        <IconButton aria-label={translate('ra.action.close')} onClick={onClose}>
                            <CloseIcon />
                        </IconButton>
                    </Box>
                    <Box sx={{ flex: 1, overflow: 'auto' }}>{state.content}</Box>
                </Box>
            )}
        </Drawer>
    );
};

/** A toolbar button that opens a form in the quick-view drawer; `render` gets the function that closes it. */
export const QuickViewButton = ({
    label,
    icon,
    render,
    create,
}: {
    label: string;
    icon: ReactElement;
    render: (close: () => void) => ReactNode;
    /** it is the list's Add button, which the `n` keyboard shortcut presses */
    create?: boolean;
}) => {
    const { open, close } = useQuickView();
    return (
        <RaButton label={label} onClick={() => open(label, render(close))} {...(create ? CREATE_SHORTCUT : {})}>
            {icon}
        </RaButton>
    );
};
