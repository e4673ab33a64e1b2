import type { SsoErrorText } from '../../../contract/sso';

/**
 * What an identity provider tells us about the person signing in, whatever
 * its protocol (OpenID Connect, SAML, directory): the one shape the
 * protocol modules produce and the external-user sign-in consumes.
 */
export interface ExternalIdentity {
    /** stable, unique at the provider: OIDC sub (or preferred_username), SAML NameID, directory sAMAccountName/uid or UPN */
    username: string;
    /** display name, when the provider gives one */
    name?: string;
    email?: string;
    /** the groups or roles the provider gives, matched against the role mapping */
    groups: string[];
}

/** A sign-in that failed for one of SPEC 8.5's reasons; `text` is what the person is shown. */
export class SsoError extends Error {
    constructor(
        readonly text: SsoErrorText,
        /** what actually went wrong, for the server log only */
        readonly detail?: string,
    ) {
        super(detail ? `${text}: ${detail}` : text);
        this.name = 'SsoError';
    }
}
