// oidc-provider ships no types (DefinitelyTyped's lag behind v9): the part the test provider uses.
declare module 'oidc-provider' {
    import type { IncomingMessage, ServerResponse } from 'node:http';

    export interface Interaction {
        uid: string;
        prompt: { name: string; details: Record<string, unknown> };
        params: Record<string, unknown>;
        session?: { accountId?: string };
        grantId?: string;
    }

    export interface Grant {
        addOIDCScope(scope: string): void;
        addOIDCClaims(claims: string[]): void;
        save(): Promise<string>;
    }

    export interface OidcContext {
        oidc: {
            client?: { clientId: string };
            session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
            result?: { consent?: { grantId?: string } };
            requestParamScopes: Set<string>;
            requestParamClaims?: Set<string>;
            provider: Provider;
        };
    }

    export class Provider {
        constructor(issuer: string, configuration?: Record<string, unknown>);
        readonly issuer: string;
        Grant: {
            new (init: { clientId: string; accountId: string }): Grant;
            find(id: string): Promise<Grant | undefined>;
        };
        callback(): (req: IncomingMessage, res: ServerResponse) => void;
        interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
        interactionFinished(
            req: IncomingMessage,
            res: ServerResponse,
            result: Record<string, unknown>,
            options?: { mergeWithLastSubmission?: boolean },
        ): Promise<void>;
        on(event: string, listener: (...args: unknown[]) => void): this;
    }
    export default Provider;
}
