import { useEffect, useState } from 'react';
import { PICKER_DEBOUNCE_MS } from '../../contract/constants';

/** The value, once it has stopped changing for `ms` (SPEC 7.1: picker searches wait 400 ms). */
export const useDebounced = <T>(value: T, ms: number = PICKER_DEBOUNCE_MS): T => {
    const [debounced, setDebounced] = useState(value);
    useEffect(() => {
        const timer = setTimeout(() => setDebounced(value), ms);
        return () => clearTimeout(timer);
    }, [value, ms]);
    return debounced;
};
