import type { Db } from '../../../db/database';
import { findCertificate } from '../certificate';
import type { AcsConnector } from '../connector';
import { findIntegration } from '../queries';
import { directoryConnector } from './directory';
import { GenetecConnector } from './genetec';

/** What a connector is made from: the stored integration (or the unsaved form of a test). */
export interface ConnectorIntegration {
    provider: 'genetec' | 'directory';
    address: string;
    settings: Record<string, unknown>;
    secrets: { password?: string };
}

export interface ConnectorContext {
    /** the account's certificate (PEM), trusted for an https or ldaps address */
    certificatePem?: string;
    /** a cloud platform's rule: connect to public addresses only, the one checked (server/net/outboundTarget.ts) */
    publicOnly?: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The connector of an integration's provider (docs/decisions.md "ACS integration"); the synchronisation and the test call take it from here. */
export const connectorFor = (integration: ConnectorIntegration, ctx: ConnectorContext = {}): AcsConnector => {
    switch (integration.provider) {
        case 'genetec':
            return new GenetecConnector({
                address: integration.address,
                username: text(integration.settings.username),
                applicationId: text(integration.settings.application_id),
                password: integration.secrets.password ?? '',
                ca: ctx.certificatePem,
                cardholderGroup: text(integration.settings.cardholder_group) || undefined,
                publicOnly: ctx.publicOnly,
            });
        case 'directory':
            // The connection settings of directory sign-in (contract/sso.ts), read from the integration's form.
            return directoryConnector(
                {
                    server_address: integration.address,
                    secure_connection: integration.address.startsWith('ldaps:') ? 'ldaps' : 'none',
                    certificates: ctx.certificatePem ?? '',
                    bind_dn: text(integration.settings.bind_dn),
                    base_dn: text(integration.settings.base_dn),
                    upn_suffix: '',
                    group_search_filter: '',
                    user_query_dn: '',
                },
                { bind_password: integration.secrets.password ?? '' },
                {
                    filter: text(integration.settings.filter) || '(objectClass=person)',
                    badge_attribute: text(integration.settings.badge_attribute) || 'employeeNumber',
                    facility_code_attribute: text(integration.settings.facility_code_attribute) || undefined,
                    group_attribute: text(integration.settings.group_attribute) || undefined,
                },
                { publicOnly: ctx.publicOnly },
            );
    }
};

/**
 * The connector of an account's saved integration, with the account's
 * certificate: what the synchronisation (route and schedule) starts from.
 * Undefined when the account has no integration. Its address is checked
 * again at each connection: it may have been saved before the rule, or its
 * name resolve elsewhere now.
 */
export const connectorForAccount = async (
    db: Db,
    accountId: number,
    options: Pick<ConnectorContext, 'publicOnly'> = {},
): Promise<AcsConnector | undefined> => {
    const integration = await findIntegration(db, accountId);
    if (!integration) return undefined;
    const certificate = await findCertificate(db, accountId);
    return connectorFor(integration, { certificatePem: certificate?.pem, ...options });
};
