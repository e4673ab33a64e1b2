import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as samlify from 'samlify';
import * as xmllint from '@authenio/samlify-node-xmllint';

/**
 * A real SAML 2.0 identity provider for the tests: samlify in the IdP role,
 * validating our AuthnRequests against the SAML schema, signing its answers
 * with a key and self-signed certificate made here, its metadata served over
 * HTTP on 127.0.0.1. The options of `respond` are what a misconfigured or
 * hostile IdP could send, so the refusals are proven on real XML signatures.
 */

samlify.setSchemaValidator(xmllint);

const BINDING_REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const BINDING_POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const NAMEID_UNSPECIFIED = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';

export interface KeyPair {
    privateKey: string;
    certificate: string;
}

/** An RSA key from node:crypto and a self-signed certificate for it from openssl. */
export function makeKeyPair(commonName = 'test-idp'): KeyPair {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saml-idp-'));
    try {
        fs.writeFileSync(path.join(dir, 'key.pem'), pem, { mode: 0o600 });
        execFileSync(
            'openssl',
            ['req', '-x509', '-new', '-key', 'key.pem', '-subj', `/CN=${commonName}`, '-days', '2', '-out', 'cert.pem'],
            {
                cwd: dir,
                stdio: 'pipe',
            },
        );
        return { privateKey: pem, certificate: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
}

export interface SamlTestUser {
    nameId: string;
    nameIdFormat?: string;
    /** attribute name → its values (several values: several AttributeValue elements) */
    attributes?: Record<string, string[]>;
}

export interface ResponseOptions {
    /** what the IdP signs: the assertion (the normal case), only the Response envelope, or nothing */
    sign?: 'assertion' | 'response' | 'none';
    /** sign with a key that is not the one in the metadata */
    otherKey?: boolean;
    audience?: string;
    notBefore?: Date;
    notOnOrAfter?: Date;
    /** the request the answer claims to answer (default: the AuthnRequest's ID) */
    inResponseTo?: string;
    recipient?: string;
    /** the Response's Destination (default: the ACS of the request) */
    destination?: string;
    /** the Issuer written into the response and assertion (default: the IdP's entity ID) */
    issuer?: string;
    /** changes the XML after it was signed, as a man in the middle would */
    alter?: (xml: string) => string;
}

/** What samlStart gives: a redirect URL, or the IdP's URL and fields to post. */
export type StartMessage = { url: string; post?: Record<string, string> };

export interface TestIdp {
    entityId: string;
    metadataUrl: string;
    metadataXml: string;
    /** the IdP signs with a new key from now on and publishes its certificate in its metadata */
    rotateKey(): void;
    /** a URL on the same server that answers with this text, to serve broken metadata */
    serve(pathname: string, body: string, status?: number): string;
    /**
     * The IdP side of a sign-in: reads our AuthnRequest (schema-checked by
     * samlify), then answers as the user with a login response, given the SP
     * metadata it was configured with.
     */
    respond(
        spMetadata: string,
        start: StartMessage,
        user: SamlTestUser,
        options?: ResponseOptions,
    ): Promise<{ SAMLResponse: string; RelayState?: string }>;
    /** the last AuthnRequest the IdP read */
    lastRequest?: { id: string; issuer: string; acsUrl: string; destination: string };
    close(): Promise<void>;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function responseXml(v: {
    id: string;
    assertionId: string;
    issuer: string;
    now: Date;
    destination: string;
    inResponseTo: string;
    recipient: string;
    audience: string;
    notBefore: Date;
    notOnOrAfter: Date;
    user: SamlTestUser;
}): string {
    const e = escapeXml;
    const attributes = Object.entries(v.user.attributes ?? {})
        .map(
            ([name, values]) =>
                `<saml:Attribute Name="${e(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${values
                    .map(value => `<saml:AttributeValue xsi:type="xs:string">${e(value)}</saml:AttributeValue>`)
                    .join('')}</saml:Attribute>`,
        )
        .join('');
    return (
        `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${v.id}" Version="2.0" ` +
        `IssueInstant="${v.now.toISOString()}" Destination="${e(v.destination)}" InResponseTo="${e(v.inResponseTo)}">` +
        `<saml:Issuer>${e(v.issuer)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
        `<saml:Assertion xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema" ID="${v.assertionId}" Version="2.0" IssueInstant="${v.now.toISOString()}">` +
        `<saml:Issuer>${e(v.issuer)}</saml:Issuer>` +
        `<saml:Subject><saml:NameID Format="${e(v.user.nameIdFormat ?? NAMEID_UNSPECIFIED)}">${e(v.user.nameId)}</saml:NameID>` +
        `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${v.notOnOrAfter.toISOString()}" ` +
        `Recipient="${e(v.recipient)}" InResponseTo="${e(v.inResponseTo)}"/></saml:SubjectConfirmation></saml:Subject>` +
        `<saml:Conditions NotBefore="${v.notBefore.toISOString()}" NotOnOrAfter="${v.notOnOrAfter.toISOString()}">` +
        `<saml:AudienceRestriction><saml:Audience>${e(v.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
        `<saml:AuthnStatement AuthnInstant="${v.now.toISOString()}" SessionIndex="_${randomUUID()}"><saml:AuthnContext>` +
        `<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
        (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
        `</saml:Assertion></samlp:Response>`
    );
}

/** Starts the identity provider; `bindings` are the SingleSignOnService bindings its metadata offers. */
export async function startSamlIdp(options: { bindings?: ('redirect' | 'post')[] } = {}): Promise<TestIdp> {
    const keys = makeKeyPair();
    const otherKeys = makeKeyPair(); // same name, different key: a forger's certificate
    const routes = new Map<string, { body: string; status: number; type: string }>();
    const server = http.createServer((req, res) => {
        const route = routes.get(new URL(req.url ?? '/', 'http://x').pathname);
        if (!route) {
            res.writeHead(404).end();
            return;
        }
        res.writeHead(route.status, { 'content-type': route.type }).end(route.body);
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const entityId = `${base}/idp`;
    const bindings = options.bindings ?? ['redirect', 'post'];
    const makeIdp = (k: KeyPair) =>
        samlify.IdentityProvider({
            entityID: entityId,
            privateKey: k.privateKey,
            signingCert: k.certificate,
            wantAuthnRequestsSigned: false,
            nameIDFormat: [NAMEID_UNSPECIFIED],
            singleSignOnService: bindings.map(b => ({
                Binding: b === 'redirect' ? BINDING_REDIRECT : BINDING_POST,
                Location: `${base}/sso`,
            })),
        });
    let idp = makeIdp(keys);
    // the schema validator compiles libxml2 at its first use, which takes seconds: done here rather than in a test's time
    await xmllint.validate('<x/>').catch(() => undefined);
    const forger = makeIdp(otherKeys);
    routes.set('/metadata', { body: idp.getMetadata(), status: 200, type: 'application/samlmetadata+xml' });

    const t: TestIdp = {
        entityId,
        metadataUrl: `${base}/metadata`,
        metadataXml: idp.getMetadata(),
        rotateKey() {
            idp = makeIdp(makeKeyPair());
            t.metadataXml = idp.getMetadata();
            routes.set('/metadata', { body: t.metadataXml, status: 200, type: 'application/samlmetadata+xml' });
        },
        serve(pathname, body, status = 200) {
            routes.set(pathname, { body, status, type: 'application/xml' });
            return `${base}${pathname}`;
        },
        async respond(spMetadata, start, user, o = {}) {
            const sp = samlify.ServiceProvider({
                // an IdP told the SP does not want signed assertions signs the envelope only
                metadata:
                    o.sign === 'response' ? spMetadata.replace('WantAssertionsSigned="true"', 'WantAssertionsSigned="false"') : spMetadata,
            });
            const url = new URL(start.url);
            const request = start.post
                ? await idp.parseLoginRequest(sp, 'post', { body: start.post })
                : await idp.parseLoginRequest(sp, 'redirect', {
                      query: Object.fromEntries(url.searchParams),
                      octetString: url.search.slice(1),
                  });
            const extract = request.extract as { request: Record<string, string>; issuer: string };
            const acsUrl = extract.request.assertionConsumerServiceUrl;
            t.lastRequest = { id: extract.request.id!, issuer: extract.issuer, acsUrl: acsUrl!, destination: extract.request.destination! };
            // a real IdP sends the answer only to an ACS its SP metadata lists
            if (!acsUrl || !spMetadata.includes(`Location="${acsUrl}"`))
                throw new Error(`AuthnRequest ACS ${acsUrl} is not in the SP metadata`);
            const now = new Date();
            const xml = responseXml({
                id: `_${randomUUID()}`,
                assertionId: `_${randomUUID()}`,
                issuer: o.issuer ?? entityId,
                now,
                destination: o.destination ?? acsUrl,
                inResponseTo: o.inResponseTo ?? extract.request.id!,
                recipient: o.recipient ?? acsUrl,
                audience: o.audience ?? extract.issuer,
                notBefore: o.notBefore ?? new Date(now.getTime() - 1000),
                notOnOrAfter: o.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000),
                user,
            });
            let samlResponse: string;
            if (o.sign === 'none') {
                samlResponse = Buffer.from(xml).toString('base64');
            } else {
                const signer = o.otherKey ? forger : idp;
                const answer = await signer.createLoginResponse(
                    sp,
                    { ...request },
                    'post',
                    {},
                    { customTagReplacement: () => ({ id: '', context: xml }) },
                );
                samlResponse = answer.context;
            }
            if (o.alter) samlResponse = Buffer.from(o.alter(Buffer.from(samlResponse, 'base64').toString('utf8'))).toString('base64');
            const relayState = start.post?.RelayState ?? url.searchParams.get('RelayState') ?? undefined;
            return { SAMLResponse: samlResponse, ...(relayState ? { RelayState: relayState } : {}) };
        },
        close: () => new Promise<void>((resolve, reject) => server.close(err => (err ? reject(err) : resolve()))),
    };
    return t;
}
