import { Box, Link, Typography } from '@mui/material';
import { FunctionField, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ListedCard } from '../../../contract/cards';
import { formatDate } from '../../i18n/format';

type CardFace = Pick<ListedCard, 'badge_number' | 'facility_code' | 'card_format_name'>;

/** A badge as a list names it: number, format, facility code. */
export const CardText = ({ card }: { card: CardFace }) => {
    const translate = useTranslate();
    return (
        <Box>
            <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                {card.facility_code === null ? card.badge_number : `${card.facility_code}:${card.badge_number}`}
            </Typography>
            <Typography variant="caption" color="text.secondary">
                {card.card_format_name}
                {card.facility_code !== null && ` · ${translate('resources.profiles.facilityCode', { code: card.facility_code })}`}
            </Typography>
        </Box>
    );
};

/** Who holds a listed badge: a link to their profile, or that nobody does. */
export const HolderLink = ({ card }: { card: Pick<ListedCard, 'profile'> }) => {
    const translate = useTranslate();
    return card.profile ? (
        <Link component={RouterLink} to={`/profiles/${card.profile.id}`}>
            {card.profile.acs_id ?? translate('resources.profiles.noAcsId', { id: card.profile.id })}
        </Link>
    ) : (
        <Typography variant="body2" color="text.secondary" component="span">
            {translate('resources.opt_out.noHolder')}
        </Typography>
    );
};

/*
 * The columns the badge lists and the visitors share. Functions, not components, as accountColumn: Datagrid reads a
 * column's header (source, label, sortable) off the element it is given.
 */

/** The badge, sorted by its number. */
export const badgeColumn = () => (
    <FunctionField
        key="badge"
        source="badge_number"
        label="resources.profiles.fields.badge_number"
        render={(c: CardFace) => <CardText card={c} />}
    />
);

/** Who holds the badge. */
export const holderColumn = () => (
    <FunctionField
        key="holder"
        source="profile"
        sortable={false}
        label="resources.opt_out.holder"
        render={(c: ListedCard) => <HolderLink card={c} />}
    />
);

/** When the row was made. */
export const createdAtColumn = () => (
    <FunctionField
        key="created_at"
        source="created_at"
        label="resources.profiles.fields.created_at"
        render={(r: { created_at: string }) => formatDate(r.created_at)}
    />
);
