import { useEffect, useRef } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { useSidebarState } from 'react-admin';

/**
 * Below the `lg` breakpoint (1200 px: a 1024 px laptop, a tablet, a phone) the menu folds to its icons (on a phone it
 * hides), so the page keeps its width; it opens again when the window grows past it. A page opened on a wide screen
 * keeps the choice the user made with the menu button (react-admin's store, `sidebar.open`).
 */
export const useMenuFoldsOnNarrowScreens = () => {
    const narrow = useMediaQuery<Theme>(t => t.breakpoints.down('lg'), { noSsr: true });
    const [, setOpen] = useSidebarState();
    const first = useRef(true);
    useEffect(() => {
        const atStart = first.current;
        first.current = false;
        if (atStart && !narrow) return;
        setOpen(!narrow);
    }, [narrow, setOpen]);
};
