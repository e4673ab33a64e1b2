import { Box, Typography, type SxProps, type Theme } from '@mui/material';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useTranslate } from 'react-admin';
import { useBrand } from '../session/brand';

/**
 * The product's mark: the brand's logo and name (docs/decisions.md "Brands per account"), or ours. `nameHiddenOnPhone`
 * leaves the logo alone on a phone's app bar, where the current account needs the room.
 */
export const BrandMark = ({ nameHiddenOnPhone = false, sx }: { nameHiddenOnPhone?: boolean; sx?: SxProps<Theme> }) => {
    const translate = useTranslate();
    const brand = useBrand();
    const name = brand?.product_name ?? translate('pages.product');
    return (
        <Box
            sx={[{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
            data-testid="brand-mark"
        >
            {brand?.logo_url ? (
                <Box component="img" src={brand.logo_url} alt="" sx={{ height: 28, maxWidth: 120, objectFit: 'contain', flexShrink: 0 }} />
            ) : (
                <LockOutlined />
            )}
            <Typography
                variant="subtitle1"
                noWrap
                sx={{ fontWeight: 600, display: nameHiddenOnPhone ? { xs: 'none', md: 'block' } : 'block' }}
            >
                {name}
            </Typography>
        </Box>
    );
};
