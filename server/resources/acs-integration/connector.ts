/**
 * One access control system (ACS) behind one interface (docs/decisions.md "ACS integration"): the
 * synchronisation reads cardholders from a connector and applies them to
 * profiles, badges and access groups; it never talks to an ACS itself.
 */
export interface AcsCardholder {
    /** the ACS's own id of the cardholder, stable across renames: becomes the profile's ACS ID */
    acs_id: string;
    name?: string;
    email?: string;
    /** false: the ACS disabled the cardholder */
    enabled: boolean;
    badges: AcsBadge[];
    /** names of the ACS's access groups (rules) the cardholder belongs to */
    access_groups: string[];
}

export interface AcsBadge {
    badge_number: string;
    facility_code?: number | null;
    /** the card format's name as the platform knows it, when the ACS says (e.g. 'H10301 26-bit') */
    card_format?: string | null;
}

/** The outcome of a connection test, as the console shows it. */
export type AcsTestResult = { ok: true; detail: string } | { ok: false; error: string };

export interface AcsConnector {
    /** Connects and authenticates; a clear error (unreachable, refused credentials, bad certificate) otherwise. */
    test(): Promise<AcsTestResult>;
    /** Every cardholder the ACS holds for this account (the synchronisation diffs them with the profiles). */
    cardholders(): Promise<AcsCardholder[]>;
    /** Frees connections. */
    close?(): Promise<void>;
}
