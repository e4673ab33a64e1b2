import { MenuItem, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { WIEGAND_FORMATS, type CardFormatRecord, type PredefinedCardFormatKey } from '../../../contract/card-formats';
import { PICKER_PAGE_SIZE } from '../../../contract/constants';
import type { BadgeInput } from '../../../contract/profiles';

/** A badge being typed: text as the fields hold it. */
export interface BadgeDraft {
    card_format_id: number | '';
    facility_code: string;
    badge_number: string;
}
export const emptyBadge: BadgeDraft = { card_format_id: '', facility_code: '', badge_number: '' };

/** The body the API takes; the server checks that the values fit the format and says which does not. */
export const toBadgeInput = (draft: BadgeDraft): BadgeInput => ({
    card_format_id: Number(draft.card_format_id),
    badge_number: draft.badge_number.trim() === '' ? Number.NaN : Number(draft.badge_number),
    facility_code: draft.facility_code.trim() === '' ? null : Number(draft.facility_code),
});

/** Whether the format carries a facility code (FASC-N's is its agency code). */
export const hasFacilityCode = (format: CardFormatRecord | undefined) => {
    if (!format) return true;
    if (format.type === 'custom') return format.facility !== null;
    return format.key === 'fascn-200' || !!WIEGAND_FORMATS[format.key as Exclude<PredefinedCardFormatKey, 'fascn-200'>]?.facility;
};

/** The card formats of the account (predefined and its own), for badge fields: GET /cards/formats, which every role reading profiles may call. */
export const useCardFormats = (accountId?: number) =>
    useGetList<CardFormatRecord>('cards/formats', {
        pagination: { page: 1, perPage: PICKER_PAGE_SIZE },
        sort: { field: 'name', order: 'ASC' },
        filter: accountId ? { account_id: accountId } : {},
    }).data ?? [];

/**
 * Card format, facility code (when the format has one) and badge number
 * (SPEC 3 Profile badge, SPEC 5 required fields). `numberLabel` renames the
 * number field (a range's first number).
 */
export const BadgeFields = ({
    value,
    onChange,
    accountId,
    withNumber = true,
    optional = false,
}: {
    value: BadgeDraft;
    onChange: (next: BadgeDraft) => void;
    accountId?: number;
    withNumber?: boolean;
    /** the badge may be left out (an invitation without a badge) */
    optional?: boolean;
}) => {
    const translate = useTranslate();
    const formats = useCardFormats(accountId);
    const format = formats.find(f => f.id === value.card_format_id);
    return (
        <>
            <TextField
                select
                size="small"
                required={!optional}
                label={translate('resources.profiles.badges.format')}
                value={value.card_format_id}
                onChange={e => onChange({ ...value, card_format_id: Number(e.target.value) })}
                fullWidth={false}
                sx={{ width: 220 }}
            >
                {formats.map(f => (
                    <MenuItem key={f.id} value={f.id}>
                        {f.name}
                    </MenuItem>
                ))}
            </TextField>
            {hasFacilityCode(format) && (
                <TextField
                    size="small"
                    label={translate('resources.profiles.badges.facility')}
                    value={value.facility_code}
                    onChange={e => onChange({ ...value, facility_code: e.target.value.replace(/\D/g, '') })}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                    fullWidth={false}
                    sx={{ width: 140 }}
                />
            )}
            {withNumber && (
                <TextField
                    size="small"
                    required={!optional}
                    label={translate('resources.profiles.badges.number')}
                    value={value.badge_number}
                    onChange={e => onChange({ ...value, badge_number: e.target.value.replace(/\D/g, '') })}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                    fullWidth={false}
                    sx={{ width: 160 }}
                />
            )}
        </>
    );
};
