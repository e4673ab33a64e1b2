import { useEffect } from 'react';
import { Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useLocaleState, useStore, useTranslate } from 'react-admin';
import type { PublicBrand } from '../../../contract/branding';
import type { OpenedEnrollmentPage } from '../../../contract/enrollments';
import { LOCALES } from '../../i18n/locales';
import { BrandMark } from '../../layout/BrandMark';
import { wearPublicBrand } from '../../session/brand';

/** Set once the person picks a language on an enrollment page: from then on the invitation's no longer replaces it. */
const LOCALE_CHOSEN = 'enroll.localeChosen';

/**
 * The look an invitation's page opens in: the inviting account's brand, worn as the signed-in console wears one (the
 * theme's colours, the mark, the title; docs/decisions.md "Brands per account"), and the invitation's language unless
 * the person chose another on the page. Arabic lays the page out right to left (src/i18n/direction.ts).
 */
export const useInvitationLook = (opened: OpenedEnrollmentPage | undefined) => {
    const [locale, setLocale] = useLocaleState();
    const [chosen, setChosen] = useStore<boolean>(LOCALE_CHOSEN, false);
    useEffect(() => {
        if (opened) wearPublicBrand(opened.brand);
    }, [opened]);
    useEffect(() => {
        if (opened && !chosen && locale !== opened.locale) setLocale(opened.locale);
    }, [opened, chosen, locale, setLocale]);
    const choose = (picked: string) => {
        setChosen(true);
        setLocale(picked);
    };
    return { locale, choose };
};

/** The top of the page: the brand's logo and product name, the language menu, and the inviting account's name. */
export const EnrollHeader = ({
    accountName,
    locale,
    onLocale,
}: {
    accountName: string | undefined;
    locale: string;
    onLocale: (locale: string) => void;
}) => {
    const translate = useTranslate();
    return (
        <Stack spacing={0.5}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                <BrandMark sx={{ color: 'primary.main' }} />
                {/* its own width, not a form field's full width (react-admin's theme, on a phone too): the brand keeps the room */}
                <TextField
                    select
                    fullWidth={false}
                    margin="none"
                    sx={theme => ({ flexShrink: 0, [theme.breakpoints.down('sm')]: { width: 'auto' } })}
                    size="small"
                    value={locale}
                    onChange={e => onLocale(e.target.value)}
                    aria-label={translate('enroll.language')}
                    variant="standard"
                >
                    {LOCALES.map(l => (
                        <MenuItem key={l.locale} value={l.locale} lang={l.locale}>
                            {l.name}
                        </MenuItem>
                    ))}
                </TextField>
            </Stack>
            {accountName && (
                <Typography variant="subtitle2" sx={{ color: 'text.secondary' }}>
                    {accountName}
                </Typography>
            )}
        </Stack>
    );
};

/** The foot of the page: where to ask, the brand's support address and web page, when it has them. */
export const SupportFooter = ({ brand }: { brand: PublicBrand }) => {
    const translate = useTranslate();
    const { support_email: email, support_url: url } = brand;
    if (!email && !url) return null;
    return (
        <Typography component="footer" variant="body2" sx={{ color: 'text.secondary', borderTop: 1, borderColor: 'divider', pt: 2 }}>
            {translate('enroll.questions', { product: brand.product_name })} {email && <Link href={`mailto:${email}`}>{email}</Link>}
            {email && url && ' · '}
            {url && (
                <Link href={url} target="_blank" rel="noopener">
                    {url}
                </Link>
            )}
        </Typography>
    );
};
