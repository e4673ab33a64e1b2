import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from './constants';

export { SEARCH_MAX_LENGTH };

/**
 * GET /search?q=TEXT (SPEC 2.2 /search, DESIGN.md "one route that answers
 * across kinds within the caller's scope"). Names and descriptions match on
 * any part of the text; identifiers (ACS ID, badge number) match whole, so a
 * search among millions of badges stays an index lookup (decisions.md).
 */
export const SEARCH_KINDS = [
    'accounts',
    'users',
    'devices',
    'readers',
    'access_groups',
    'profiles',
    'badges',
    'deployments',
    'firmware',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** At most this many hits per kind; `more` says there were others. */
export const SEARCH_HITS_PER_KIND = 10;

export const searchQuery = z.object({ q: z.string().trim().min(1).max(SEARCH_MAX_LENGTH) });

export const searchHit = z.object({
    id: z.number().int(),
    /** what the hit is called: a name, a description, an ACS ID, a badge as FC:NUMBER */
    label: z.string(),
    /** the data that matched or tells it apart (an e-mail, a hardware id...), never a translated word */
    detail: z.string().nullable(),
    account_id: z.number().int(),
    account_name: z.string(),
    /** the profile a badge belongs to: its page is the badge's */
    profile_id: z.number().int().optional(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchGroup = z.object({ kind: z.enum(SEARCH_KINDS), result: z.array(searchHit), more: z.boolean() });
export type SearchGroup = z.infer<typeof searchGroup>;

/** Only the kinds the caller may read are present, in SEARCH_KINDS order; a kind without hits is left out. */
export const searchReply = z.object({ q: z.string(), groups: z.array(searchGroup) });
export type SearchReply = z.infer<typeof searchReply>;

/** A badge as people write it: NUMBER or FC:NUMBER (facility code, card number); undefined when the text is not one. */
export const parseBadgeText = (text: string): { facility_code?: number; badge_number: number } | undefined => {
    const m = /^\s*(?:(\d{1,15})\s*:\s*)?(\d{1,15})\s*$/.exec(text);
    if (!m) return undefined;
    return m[1] === undefined ? { badge_number: Number(m[2]) } : { facility_code: Number(m[1]), badge_number: Number(m[2]) };
};
