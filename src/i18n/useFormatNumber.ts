import { useLocaleState } from 'react-admin';
import { formatNumber } from './format';

/** Counts as the console's language writes them, not the browser's. */
export const useFormatNumber = () => {
    const [locale] = useLocaleState();
    return (value: number) => formatNumber(value, locale);
};
