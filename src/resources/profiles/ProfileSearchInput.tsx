import { SearchInput, useTranslate } from 'react-admin';

/**
 * The search of the profile and badge lists (ACS ID, badge number or FC:NUMBER), as wide as its placeholder in the
 * user's language so the hint is read whole, never wider than the screen. `source` and `alwaysOn` are read by
 * react-admin's filter form from the element.
 */
export const ProfileSearchInput = ({ source }: { source: string; alwaysOn?: boolean }) => {
    const translate = useTranslate();
    const placeholder = translate('resources.profiles.search');
    return (
        <SearchInput source={source} placeholder={placeholder} sx={{ width: `calc(${placeholder.length}ch + 48px)`, maxWidth: '100%' }} />
    );
};
