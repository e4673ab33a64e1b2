import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { SSO_ERRORS, samlSettings, type SamlSettings } from '../../../contract/sso';
import { SsoError } from '../../../server/resources/sso/identity';
import {
    forgetSamlMetadata,
    memoryReplayGuard,
    samlFinish,
    samlMetadata,
    samlServiceProviderMetadata,
    samlStart,
    type ReplayGuard,
} from '../../../server/resources/sso/saml';
import { makeKeyPair, startSamlIdp, type ResponseOptions, type SamlTestUser, type TestIdp } from './samlIdp';

/**
 * SAML sign-in against a real identity provider (samlify, see samlIdp.ts),
 * from our AuthnRequest to the identity we read from its signed answer; and
 * every answer a careful service provider must refuse, each ending in SPEC
 * 8.5's text.
 */
let idp: TestIdp;
const ACS = 'https://console.example.com/api/v2/sso/saml/acs';
const ENTITY = 'https://console.example.com/saml/sp';

const settings = (over: Partial<SamlSettings> = {}): SamlSettings =>
    samlSettings.parse({ metadata_url: idp.metadataUrl, entity_id: ENTITY, ...over });

const alice: SamlTestUser = {
    nameId: 'alice@example.com',
    attributes: {
        mail: ['alice@example.com'],
        displayName: ['Alice Martin'],
        memberOf: ['CN=Door Admins,OU=Groups,DC=example,DC=com', 'CN=Staff,OU=Groups,DC=example,DC=com'],
        role: ['gatekeeper'],
    },
};

/** The whole round trip: our request, the IdP's answer as the browser posts it to the ACS, our check. */
async function signIn(s: SamlSettings, user = alice, options: ResponseOptions = {}, replay: ReplayGuard = memoryReplayGuard()) {
    const start = await samlStart(s, ACS);
    const body = await idp.respond(samlServiceProviderMetadata(s, ACS), start, user, options);
    return samlFinish(s, ACS, body, start.pending, replay);
}

async function refusal(p: Promise<unknown>): Promise<SsoError> {
    const err = await p.then(
        () => null,
        (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SsoError);
    return err as SsoError;
}

beforeAll(async () => {
    idp = await startSamlIdp();
});
afterAll(async () => {
    await idp?.close();
});

describe('SAML sign-in against a real identity provider', () => {
    it('signs in with the NameID, name, email and memberOf groups of a signed assertion', async () => {
        const s = settings();
        const start = await samlStart(s, ACS, 'back-to=/dashboard');
        // the IdP reads our request: our entity as issuer, our ACS, its own SSO URL
        const url = new URL(start.url);
        expect(`${url.origin}${url.pathname}`).toBe(idp.metadataUrl.replace('/metadata', '/sso'));
        const request = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
        expect(request).toContain(`AssertionConsumerServiceURL="${ACS}"`);
        const body = await idp.respond(samlServiceProviderMetadata(s, ACS), start, alice);
        expect(idp.lastRequest).toMatchObject({ id: start.pending.id, issuer: ENTITY, acsUrl: ACS });
        expect(body.RelayState).toBe('back-to=/dashboard');

        const identity = await samlFinish(s, ACS, body, start.pending, memoryReplayGuard());
        expect(identity).toEqual({
            username: 'alice@example.com',
            name: 'Alice Martin',
            email: 'alice@example.com',
            groups: ['CN=Door Admins,OU=Groups,DC=example,DC=com', 'CN=Staff,OU=Groups,DC=example,DC=com'],
        });
    });

    it('reads the groups from a custom assertion key', async () => {
        const identity = await signIn(settings({ assertion_key: 'role' }));
        expect(identity.groups).toEqual(['gatekeeper']);
    });

    it('reads the name from givenName and sn, the email from the claims names, and no groups when the key is absent', async () => {
        const bob: SamlTestUser = {
            nameId: 'bob',
            attributes: {
                givenName: ['Bob'],
                sn: ['Durand'],
                'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress': ['bob@example.com'],
            },
        };
        expect(await signIn(settings(), bob)).toEqual({ username: 'bob', name: 'Bob Durand', email: 'bob@example.com', groups: [] });
    });

    it('takes the metadata from the XML the admin gave as well as from its URL', async () => {
        const s = settings({ metadata_url: null, metadata_xml: idp.metadataXml });
        const metadata = await samlMetadata(s);
        expect(metadata).toMatchObject({ entityId: idp.entityId, ssoBinding: 'redirect' });
        expect(metadata.certificates).toHaveLength(1);
        expect((await signIn(s)).username).toBe('alice@example.com');
    });

    it('accepts any of the signing certificates the metadata lists, never an encryption one', async () => {
        const keyDescriptor = (use: string, pem: string) =>
            `<KeyDescriptor use="${use}"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${pem.replace(/-----[A-Z ]+-----|\s/g, '')}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></KeyDescriptor>`;
        // during a key rollover the IdP lists its next certificate before its current one
        const next = makeKeyPair('next-idp-key').certificate;
        const rollover = idp.metadataXml.replace('<KeyDescriptor', `${keyDescriptor('signing', next)}<KeyDescriptor`);
        const s = settings({ metadata_url: null, metadata_xml: rollover });
        expect((await samlMetadata(s)).certificates).toHaveLength(2);
        expect((await signIn(s)).username).toBe('alice@example.com');
        // its own certificate marked for encryption only: nothing may sign assertions
        const encryptionOnly = idp.metadataXml.replace('<KeyDescriptor use="signing">', '<KeyDescriptor use="encryption">');
        const err = await refusal(samlStart(settings({ metadata_url: null, metadata_xml: encryptionOnly }), ACS));
        expect(err.text).toBe(SSO_ERRORS.invalidConfiguration);
    });

    it('keeps the metadata read from its URL a few minutes, and reads it again when the IdP changed its key', async () => {
        const rotating = await startSamlIdp();
        try {
            const s = samlSettings.parse({ metadata_url: rotating.metadataUrl, entity_id: ENTITY });
            const signInAt = async () => {
                const start = await samlStart(s, ACS);
                const body = await rotating.respond(samlServiceProviderMetadata(s, ACS), start, alice);
                return samlFinish(s, ACS, body, start.pending, memoryReplayGuard());
            };
            expect((await signInAt()).username).toBe('alice@example.com');
            // the metadata endpoint is down for a moment: sign-in goes on with what was read
            const metadataXml = rotating.metadataXml;
            rotating.serve('/metadata', 'Service unavailable', 503);
            expect((await signInAt()).username).toBe('alice@example.com');
            rotating.serve('/metadata', metadataXml);

            rotating.rotateKey();
            // right after a read, a bad signature does not make us read the metadata again (a forger could make us hammer the IdP)
            expect((await refusal(signInAt())).detail).toMatch(/signature/i);
            vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
            expect((await signInAt()).username).toBe('alice@example.com');
        } finally {
            vi.useRealTimers();
            await rotating.close();
        }
    });

    it('posts the request when the identity provider only offers the POST binding', async () => {
        const postOnly = await startSamlIdp({ bindings: ['post'] });
        try {
            const s = samlSettings.parse({ metadata_url: postOnly.metadataUrl, entity_id: ENTITY });
            const start = await samlStart(s, ACS, 'rs');
            expect(start.post?.SAMLRequest).toBeTruthy();
            expect(start.post?.RelayState).toBe('rs');
            const body = await postOnly.respond(samlServiceProviderMetadata(s, ACS), start, alice);
            expect((await samlFinish(s, ACS, body, start.pending, memoryReplayGuard())).username).toBe('alice@example.com');
        } finally {
            await postOnly.close();
        }
    });

    it('gives the SP metadata the identity provider is configured with', () => {
        const xml = samlServiceProviderMetadata(settings(), ACS);
        expect(xml).toContain(`entityID="${ENTITY}"`);
        expect(xml).toContain(`Location="${ACS}"`);
        expect(xml).toContain('WantAssertionsSigned="true"');
    });
});

describe('SAML answers that are refused', () => {
    const refused = async (options: ResponseOptions, user = alice) => {
        const err = await refusal(signIn(settings(), user, options));
        expect(err.text).toBe(SSO_ERRORS.cannotAuthenticate);
        return err;
    };

    it('refuses an unsigned answer', async () => {
        expect((await refused({ sign: 'none' })).detail).toMatch(/signature/i);
    });

    it('refuses an answer whose envelope is signed but not its assertion', async () => {
        expect((await refused({ sign: 'response' })).detail).toMatch(/signature/i);
    });

    it('refuses an assertion signed with another key than the metadata gives', async () => {
        expect((await refused({ otherKey: true })).detail).toMatch(/signature/i);
    });

    it('refuses an assertion altered after signing', async () => {
        // a man in the middle adds himself to the admin group
        const err = await refused({
            alter: xml => xml.replace('CN=Staff,OU=Groups', 'CN=Super Admins,OU=Groups'),
        });
        expect(err.detail).toMatch(/signature/i);
        // the unaltered answer is accepted, so it is the change that is refused
        expect((await signIn(settings())).groups).toContain('CN=Staff,OU=Groups,DC=example,DC=com');
    });

    it('refuses an expired assertion, and one not yet valid', async () => {
        const expired = await refused({ notBefore: new Date(Date.now() - 3_600_000), notOnOrAfter: new Date(Date.now() - 600_000) });
        expect(expired.detail).toMatch(/expired|no valid subject confirmation/i);
        const early = await refused({ notBefore: new Date(Date.now() + 600_000), notOnOrAfter: new Date(Date.now() + 900_000) });
        expect(early.detail).toMatch(/not yet valid/i);
    });

    it('accepts a clock a few seconds apart', async () => {
        expect((await signIn(settings(), alice, { notBefore: new Date(Date.now() + 20_000) })).username).toBe('alice@example.com');
    });

    it('refuses an assertion for another audience', async () => {
        const err = await refused({ audience: 'https://other.example.com/sp' });
        expect(err.detail).toMatch(/audience/i);
    });

    it('refuses an answer to another request', async () => {
        const err = await refused({ inResponseTo: '_not-our-request' });
        expect(err.detail).toMatch(/InResponseTo/);
    });

    it('refuses an answer when no request of ours is pending, or it is too old', async () => {
        const s = settings();
        const start = await samlStart(s, ACS);
        const body = await idp.respond(samlServiceProviderMetadata(s, ACS), start, alice);
        expect((await refusal(samlFinish(s, ACS, body, null, memoryReplayGuard()))).text).toBe(SSO_ERRORS.cannotAuthenticate);
        const old = { ...start.pending, createdAt: Date.now() - 3_600_000 };
        expect((await refusal(samlFinish(s, ACS, body, old, memoryReplayGuard()))).text).toBe(SSO_ERRORS.cannotAuthenticate);
    });

    it('refuses an assertion for another recipient', async () => {
        const err = await refused({ recipient: 'https://evil.example.com/acs' });
        expect(err.detail).toMatch(/subject confirmation/);
    });

    it('refuses an answer addressed to another service', async () => {
        const err = await refused({ destination: 'https://evil.example.com/acs' });
        expect(err.detail).toMatch(/addressed/);
    });

    it('refuses an assertion that names another issuer than the metadata', async () => {
        const err = await refused({ issuer: 'https://other-idp.example.com' });
        expect(err.detail).toMatch(/issued by/);
    });

    it('refuses the same answer a second time', async () => {
        const s = settings();
        const replay = memoryReplayGuard();
        const start = await samlStart(s, ACS);
        const body = await idp.respond(samlServiceProviderMetadata(s, ACS), start, alice);
        expect((await samlFinish(s, ACS, body, start.pending, replay)).username).toBe('alice@example.com');
        const err = await refusal(samlFinish(s, ACS, body, start.pending, replay));
        expect(err.text).toBe(SSO_ERRORS.cannotAuthenticate);
        expect(err.detail).toMatch(/already used/);
    });

    it('refuses a transient NameID, which names nobody twice', async () => {
        await refused({}, { ...alice, nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient' });
    });

    it('refuses a body without a SAMLResponse, or with one that is not SAML', async () => {
        const s = settings();
        const start = await samlStart(s, ACS);
        for (const SAMLResponse of ['', Buffer.from('<x/>').toString('base64'), 'not base64 at all!']) {
            const err = await refusal(samlFinish(s, ACS, { SAMLResponse }, start.pending, memoryReplayGuard()));
            expect(err.text).toBe(SSO_ERRORS.cannotAuthenticate);
        }
    });
});

describe('SAML configuration that cannot work', () => {
    const invalid = async (s: SamlSettings) => {
        forgetSamlMetadata();
        const err = await refusal(samlStart(s, ACS));
        expect(err.text).toBe(SSO_ERRORS.invalidConfiguration);
        return err;
    };

    it('says the configuration is invalid when the metadata URL does not answer', async () => {
        // a port that was just free: nothing listens there
        const server = http.createServer();
        await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
        const port = (server.address() as AddressInfo).port;
        await new Promise<void>(resolve => server.close(() => resolve()));
        await invalid(settings({ metadata_url: `http://127.0.0.1:${port}/metadata` }));
        await invalid(settings({ metadata_url: idp.serve('/gone', 'Not here', 404) }));
    });

    it('says the configuration is invalid when the metadata is not an IdP metadata', async () => {
        await invalid(settings({ metadata_url: idp.serve('/html', '<html><body>Sign in</body>') }));
        await invalid(settings({ metadata_url: idp.serve('/garbage', 'not xml at all <<<') }));
        await invalid(settings({ metadata_url: null, metadata_xml: samlServiceProviderMetadata(settings(), ACS) }));
        await invalid(
            settings({
                metadata_url: null,
                metadata_xml: idp.metadataXml.replace(/<ds:X509Certificate>[^<]*</g, '<ds:X509Certificate>AAAA<'),
            }),
        );
        await invalid(settings({ metadata_url: null, metadata_xml: null }));
    });

    it('reads the configuration error at the ACS too', async () => {
        const start = await samlStart(settings(), ACS);
        const err = await refusal(
            samlFinish(
                settings({ metadata_url: null, metadata_xml: '<nope/>' }),
                ACS,
                { SAMLResponse: 'PHg+' },
                start.pending,
                memoryReplayGuard(),
            ),
        );
        expect(err.text).toBe(SSO_ERRORS.invalidConfiguration);
    });
});
