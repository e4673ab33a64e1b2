import { ACS_MESSAGES } from '../../../../contract/acsIntegration';
import type { Db } from '../../../db/database';
import { findCertificate } from '../certificate';
import type { AcsConnector } from '../connector';
import { findIntegration } from '../queries';
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
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The connector of an integration's provider (issue 12); the synchronisation and the test call take it from here. */
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
            });
        case 'directory':
            // The directory connector is wired by the lead (connectors/directory.ts).
            throw new Error(ACS_MESSAGES.directoryNotAvailable);
    }
};

/**
 * The connector of an account's saved integration, with the account's
 * certificate: what the synchronisation (route and schedule) starts from.
 * Undefined when the account has no integration.
 */
export const connectorForAccount = async (db: Db, accountId: number): Promise<AcsConnector | undefined> => {
    const integration = await findIntegration(db, accountId);
    if (!integration) return undefined;
    const certificate = await findCertificate(db, accountId);
    return connectorFor(integration, { certificatePem: certificate?.pem });
};
