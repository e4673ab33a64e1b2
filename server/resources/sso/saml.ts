import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { SAML, ValidateInResponseTo, generateServiceProviderMetadata, type CacheProvider, type SamlConfig } from '@node-saml/node-saml';
import { DEFAULT_SAML_ASSERTION_KEY, SSO_ERRORS, type SamlSettings } from '../../../contract/sso';
import { SsoError, type ExternalIdentity } from './identity';

/**
 * SAML 2.0 web browser SSO, service provider side (SPEC 3, 8.5; docs/decisions.md "Single sign-on").
 * node-saml checks the XML signatures, validity window, audience and
 * InResponseTo; this module adds what it leaves to its caller: the IdP's
 * metadata, the assertion's issuer, recipient and destination, one use of
 * each assertion, and the identity read from the attributes.
 */

const NS_MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const NS_DS = 'http://www.w3.org/2000/09/xmldsig#';
const BINDING_REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const BINDING_POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const NAMEID_TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
const CLAIMS = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/';

/** A metadata URL is read again after this long. */
const METADATA_CACHE_MS = 5 * 60_000;
/** A signature that fails against cached metadata has it read again, but not more often than this. */
const METADATA_REREAD_MS = 60_000;
const METADATA_TIMEOUT_MS = 10_000;
const METADATA_MAX_CHARS = 5_000_000;
/** How long the person may spend at the IdP between our redirect and its answer. */
export const SAML_REQUEST_LIFETIME_MS = 10 * 60_000;
/** Clocks of the IdP and ours may differ by this much. */
const CLOCK_SKEW_MS = 2 * 60_000;

/** What samlStart leaves for samlFinish (kept by the caller, e.g. in an encrypted cookie). */
export interface SamlPending {
    /** the AuthnRequest's ID, which the response must name in InResponseTo */
    id: string;
    /** when the request was made, milliseconds since the epoch */
    createdAt: number;
}

/** One use of each assertion: `seen` records the ID until `until` and says whether it was already there. */
export interface ReplayGuard {
    seen(id: string, until: Date): Promise<boolean>;
}

/** For tests and a single instance; several instances need one shared store (the database). */
export function memoryReplayGuard(): ReplayGuard {
    const ids = new Map<string, number>();
    return {
        async seen(id, until) {
            const now = Date.now();
            for (const [k, expires] of ids) if (expires <= now) ids.delete(k);
            if (ids.has(id)) return true;
            ids.set(id, until.getTime());
            return false;
        },
    };
}

/** What we use of the identity provider's metadata. */
export interface SamlIdpMetadata {
    entityId: string;
    ssoUrl: string;
    ssoBinding: 'redirect' | 'post';
    /** PEM certificates its assertions may be signed with */
    certificates: string[];
}

const invalid = (detail: string) => new SsoError(SSO_ERRORS.invalidConfiguration, detail);
const refused = (detail: string) => new SsoError(SSO_ERRORS.cannotAuthenticate, detail);

const metadataCache = new Map<string, { at: number; metadata: SamlIdpMetadata }>();

/** Reads the identity provider's metadata from its URL (cached a few minutes) or from the XML the admin gave. */
export async function samlMetadata(settings: SamlSettings, fetchImpl: typeof fetch = fetch): Promise<SamlIdpMetadata> {
    if (settings.metadata_url) {
        const url = settings.metadata_url;
        const cached = metadataCache.get(url);
        if (cached && Date.now() - cached.at < METADATA_CACHE_MS) return cached.metadata;
        let xml: string;
        try {
            const res = await fetchImpl(url, { signal: AbortSignal.timeout(METADATA_TIMEOUT_MS), redirect: 'follow' });
            if (!res.ok) throw new Error(`HTTP ${res.status}`);
            xml = await res.text();
            if (xml.length > METADATA_MAX_CHARS) throw new Error('larger than 5 MB');
        } catch (err) {
            throw invalid(`metadata ${url} could not be read: ${(err as Error).message}`);
        }
        const metadata = parseIdpMetadata(xml);
        metadataCache.set(url, { at: Date.now(), metadata });
        return metadata;
    }
    if (settings.metadata_xml) return parseIdpMetadata(settings.metadata_xml);
    throw invalid('neither a metadata URL nor a metadata file is set');
}

/** Forgets cached metadata, e.g. after the admin changed the configuration. */
export function forgetSamlMetadata(url?: string) {
    if (url) metadataCache.delete(url);
    else metadataCache.clear();
}

function parseIdpMetadata(xml: string): SamlIdpMetadata {
    let root: Element | null;
    const problems: string[] = [];
    try {
        const doc = new DOMParser({
            // xmldom reports bad XML through this hook rather than throwing
            errorHandler: (level: string, msg: unknown) => {
                if (level !== 'warning') problems.push(String(msg));
            },
        }).parseFromString(xml, 'text/xml');
        root = doc.documentElement;
    } catch (err) {
        throw invalid(`metadata is not XML: ${(err as Error).message}`);
    }
    if (!root || problems.length) throw invalid(`metadata is not XML: ${problems[0] ?? 'empty'}`);
    const entities = root.localName === 'EntityDescriptor' ? [root] : Array.from(root.getElementsByTagNameNS(NS_MD, 'EntityDescriptor'));
    for (const entity of entities) {
        const idp = entity.getElementsByTagNameNS(NS_MD, 'IDPSSODescriptor')[0];
        if (!idp) continue;
        const entityId = entity.getAttribute('entityID')?.trim();
        if (!entityId) throw invalid('the identity provider has no entityID');
        const services = Array.from(idp.getElementsByTagNameNS(NS_MD, 'SingleSignOnService'));
        const service =
            services.find(s => s.getAttribute('Binding') === BINDING_REDIRECT) ??
            services.find(s => s.getAttribute('Binding') === BINDING_POST);
        const ssoUrl = service?.getAttribute('Location')?.trim();
        if (!service || !ssoUrl || !/^https?:\/\//.test(ssoUrl)) {
            throw invalid('the identity provider has no SingleSignOnService with the HTTP-Redirect or HTTP-POST binding');
        }
        const certificates: string[] = [];
        for (const key of Array.from(idp.getElementsByTagNameNS(NS_MD, 'KeyDescriptor'))) {
            const use = key.getAttribute('use');
            if (use && use !== 'signing') continue;
            for (const cert of Array.from(key.getElementsByTagNameNS(NS_DS, 'X509Certificate'))) {
                const body = (cert.textContent ?? '').replace(/\s+/g, '');
                const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;
                try {
                    new X509Certificate(pem);
                } catch {
                    continue; // one unreadable certificate among good ones does not stop sign-in
                }
                certificates.push(pem);
            }
        }
        if (!certificates.length) throw invalid('the identity provider metadata has no usable signing certificate');
        return { entityId, ssoUrl, ssoBinding: service.getAttribute('Binding') === BINDING_REDIRECT ? 'redirect' : 'post', certificates };
    }
    throw invalid('metadata has no IDPSSODescriptor (is it the identity provider metadata?)');
}

/** The options both directions share; the cache provider carries the one request ID we expect. */
function samlClient(settings: SamlSettings, acsUrl: string, idp: SamlIdpMetadata, cacheProvider: CacheProvider): SAML {
    const config: SamlConfig = {
        entryPoint: idp.ssoUrl,
        authnRequestBinding: idp.ssoBinding === 'redirect' ? 'HTTP-Redirect' : 'HTTP-POST',
        // the HTTP-POST binding carries the request plain; node-saml would deflate it as for a redirect
        skipRequestCompression: idp.ssoBinding === 'post',
        issuer: settings.entity_id,
        callbackUrl: acsUrl,
        idpCert: idp.certificates,
        idpIssuer: idp.entityId,
        audience: settings.entity_id,
        // the assertion carries the identity: it must be signed whether or not the envelope is
        wantAssertionsSigned: true,
        wantAuthnResponseSigned: false,
        acceptedClockSkewMs: CLOCK_SKEW_MS,
        validateInResponseTo: ValidateInResponseTo.always,
        requestIdExpirationPeriodMs: SAML_REQUEST_LIFETIME_MS,
        cacheProvider,
        // let the IdP choose the NameID format and how the person authenticates (MFA, Kerberos…)
        identifierFormat: null,
        disableRequestedAuthnContext: true,
    };
    return new SAML(config);
}

/** The redirect (or form post) that sends the person to the identity provider. */
export async function samlStart(
    settings: SamlSettings,
    acsUrl: string,
    relayState = '',
): Promise<{ url: string; pending: SamlPending; post?: Record<string, string> }> {
    const idp = await samlMetadata(settings);
    let pending: SamlPending | null = null;
    const capture: CacheProvider = {
        async saveAsync(key) {
            pending = { id: key, createdAt: Date.now() };
            return { value: new Date(pending.createdAt).toISOString(), createdAt: pending.createdAt };
        },
        getAsync: async () => null,
        removeAsync: async () => null,
    };
    const saml = samlClient(settings, acsUrl, idp, capture);
    try {
        if (idp.ssoBinding === 'redirect') {
            const url = await saml.getAuthorizeUrlAsync(relayState, undefined, {});
            return { url, pending: pending! };
        }
        const message = await saml.getAuthorizeMessageAsync(relayState, undefined, {});
        const post = Object.fromEntries(Object.entries(message).map(([k, v]) => [k, String(v)]));
        return { url: idp.ssoUrl, pending: pending!, post };
    } catch (err) {
        throw invalid(`the AuthnRequest could not be made: ${(err as Error).message}`);
    }
}

type Xml2Js = { $?: Record<string, string>; _?: string; [child: string]: unknown };
const children = (node: Xml2Js | undefined, name: string) => (node?.[name] as Xml2Js[] | undefined) ?? [];
const text = (node: Xml2Js | string | undefined) => (typeof node === 'string' ? node : node?._)?.trim() || undefined;

/** Checks the identity provider's answer at our assertion consumer service and says who signed in. */
export async function samlFinish(
    settings: SamlSettings,
    acsUrl: string,
    body: { SAMLResponse: string; RelayState?: string },
    pending: SamlPending | null,
    replay: ReplayGuard,
): Promise<ExternalIdentity> {
    if (!body?.SAMLResponse || typeof body.SAMLResponse !== 'string') throw refused('no SAMLResponse in the request');
    // IdP-initiated sign-in is not accepted: without a request of ours, nothing ties the answer to this browser
    if (!pending?.id) throw refused('no sign-in request is pending for this browser');
    if (Date.now() - pending.createdAt > SAML_REQUEST_LIFETIME_MS) throw refused('the sign-in request is too old');
    const expected: CacheProvider = {
        saveAsync: async () => null,
        getAsync: async key => (key === pending.id ? new Date(pending.createdAt).toISOString() : null),
        removeAsync: async () => null,
    };
    const validate = async (idp: SamlIdpMetadata) => {
        try {
            return (await samlClient(settings, acsUrl, idp, expected).validatePostResponseAsync({ SAMLResponse: body.SAMLResponse }))
                .profile;
        } catch (err) {
            return err as Error;
        }
    };
    let idp = await samlMetadata(settings);
    let profile = await validate(idp);
    // The IdP may have changed its key since we cached its metadata: read it again, at most once a minute.
    if (profile instanceof Error && /signature/i.test(profile.message) && settings.metadata_url) {
        const cached = metadataCache.get(settings.metadata_url);
        if (cached && Date.now() - cached.at > METADATA_REREAD_MS) {
            metadataCache.delete(settings.metadata_url);
            idp = await samlMetadata(settings);
            profile = await validate(idp);
        }
    }
    if (profile instanceof Error) throw refused(profile.message);
    if (!profile?.getAssertion) throw refused('the response carries no assertion');

    // From here on only the signed assertion is read, never the envelope around it.
    const assertion = (profile.getAssertion() as { Assertion: Xml2Js }).Assertion;
    const assertionId = assertion.$?.ID;
    if (!assertionId) throw refused('the assertion has no ID');
    const issuer = text(children(assertion, 'Issuer')[0]);
    if (issuer !== idp.entityId) throw refused(`the assertion was issued by ${issuer ?? 'nobody'}, not ${idp.entityId}`);
    const confirmations = children(children(assertion, 'Subject')[0], 'SubjectConfirmation')
        .filter(c => c.$?.Method === 'urn:oasis:names:tc:SAML:2.0:cm:bearer')
        .flatMap(c => children(c, 'SubjectConfirmationData'));
    const confirmation = confirmations.find(c => c.$?.Recipient === acsUrl && (!c.$?.InResponseTo || c.$.InResponseTo === pending.id));
    if (!confirmation) throw refused(`no bearer subject confirmation for ${acsUrl} answering ${pending.id}`);
    const destination = responseDestination(body.SAMLResponse);
    if (destination && destination !== acsUrl) throw refused(`the response is addressed to ${destination}, not ${acsUrl}`);

    // Remembered until it can no longer be accepted anyway.
    const conditions = children(assertion, 'Conditions')[0];
    const ends = [conditions?.$?.NotOnOrAfter, confirmation.$?.NotOnOrAfter]
        .map(t => (t ? Date.parse(t) : NaN))
        .filter(t => !Number.isNaN(t));
    const until = new Date((ends.length ? Math.max(...ends) : Date.now() + SAML_REQUEST_LIFETIME_MS) + CLOCK_SKEW_MS);
    if (await replay.seen(`${idp.entityId} ${assertionId}`, until)) throw refused(`assertion ${assertionId} was already used`);

    const username = typeof profile.nameID === 'string' ? profile.nameID.trim() : '';
    if (!username) throw refused('the assertion has no NameID');
    if (profile.nameIDFormat === NAMEID_TRANSIENT) {
        throw refused(
            'a transient NameID changes at every sign-in; have the identity provider send a persistent, email or unspecified one',
        );
    }
    return identityFrom(username, assertion, settings.assertion_key || DEFAULT_SAML_ASSERTION_KEY);
}

/** The Response's Destination, when it has one (it is outside the signed assertion, so only compared). */
function responseDestination(samlResponse: string): string | undefined {
    const doc = new DOMParser({ errorHandler: () => undefined }).parseFromString(
        Buffer.from(samlResponse, 'base64').toString('utf8'),
        'text/xml',
    );
    return doc.documentElement?.getAttribute('Destination') || undefined;
}

/** Attribute values by Name and by FriendlyName (ADFS and Shibboleth name memberOf by OID, with a FriendlyName). */
function attributesOf(assertion: Xml2Js) {
    const values = new Map<string, string[]>();
    for (const statement of children(assertion, 'AttributeStatement')) {
        for (const attribute of children(statement, 'Attribute')) {
            const found = children(attribute, 'AttributeValue')
                .map(v => text(v))
                .filter((v): v is string => !!v);
            for (const name of [attribute.$?.Name, attribute.$?.FriendlyName]) {
                if (name) values.set(name, [...(values.get(name) ?? []), ...found]);
            }
        }
    }
    return values;
}

function identityFrom(username: string, assertion: Xml2Js, groupsKey: string): ExternalIdentity {
    const attributes = attributesOf(assertion);
    const first = (...names: string[]) => {
        for (const name of names) {
            const value = attributes.get(name)?.[0];
            if (value) return value;
        }
        return undefined;
    };
    const given = first('givenName', 'urn:oid:2.5.4.42', `${CLAIMS}givenname`);
    const surname = first('sn', 'surname', 'urn:oid:2.5.4.4', `${CLAIMS}surname`);
    const name =
        first(
            'displayName',
            'urn:oid:2.16.840.1.113730.3.1.241',
            'http://schemas.microsoft.com/identity/claims/displayname',
            'cn',
            'urn:oid:2.5.4.3',
        ) ??
        ([given, surname].filter(Boolean).join(' ') || undefined) ??
        first(`${CLAIMS}name`);
    const email = first('mail', 'email', 'urn:oid:0.9.2342.19200300.100.1.3', `${CLAIMS}emailaddress`);
    const groups = [...new Set(attributes.get(groupsKey) ?? [])];
    return { username, ...(name ? { name } : {}), ...(email ? { email } : {}), groups };
}

/** Our service provider metadata, for the admin to give the identity provider. */
export function samlServiceProviderMetadata(settings: SamlSettings, acsUrl: string): string {
    return generateServiceProviderMetadata({
        issuer: settings.entity_id,
        callbackUrl: acsUrl,
        identifierFormat: null,
        wantAssertionsSigned: true,
    });
}
