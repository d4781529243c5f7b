/**
 * The frame's WebAuthn calls in Chromium, with `navigator.credentials` stubbed on the instance (no
 * authenticator here; the lead's end-to-end tests drive Chromium's virtual one): the server's JSON
 * options go through the browser's own parser, the PRF salt arrives as bytes, and the credential
 * comes back as JSON with its PRF output.
 */
import { expect } from 'chai';
import { base64UrlEncode } from '../keys/bytes.js';
import { browserPasskeys } from './webauthn.js';
import { withPrfEval } from './webauthn-json.js';

const text = (value: BufferSource | undefined) =>
  new TextDecoder().decode(value instanceof ArrayBuffer ? value : new Uint8Array((value as ArrayBufferView).buffer));
const enc = (value: string) => base64UrlEncode(new TextEncoder().encode(value));
const bytes = (value: BufferSource | undefined) => [
  ...(value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array((value as ArrayBufferView).buffer)),
];

function fakeCredential(response: object) {
  return {
    id: enc('cred'),
    rawId: new TextEncoder().encode('cred').buffer,
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response,
    getClientExtensionResults: () => ({ prf: { enabled: true, results: { first: new Uint8Array(32).fill(7).buffer } } }),
  };
}

describe('frame WebAuthn (Chromium parser)', () => {
  const container = navigator.credentials as unknown as Record<string, unknown>;
  afterEach(() => {
    delete container.create;
    delete container.get;
  });

  it('creates with the server options parsed by the browser and the PRF salt as bytes', async () => {
    const seen: CredentialCreationOptions[] = [];
    container.create = async (options: CredentialCreationOptions) => {
      seen.push(options);
      return fakeCredential({
        clientDataJSON: new ArrayBuffer(2),
        attestationObject: new ArrayBuffer(3),
        getTransports: () => ['internal'],
      });
    };
    const salt = new Uint8Array([9, 8, 7]);
    const options = withPrfEval(
      {
        challenge: enc('challenge'),
        rp: { name: 'w3kit', id: location.hostname },
        user: { id: enc('user-1'), name: 'ada', displayName: 'Ada' },
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
        timeout: 60000,
        attestation: 'none',
        excludeCredentials: [],
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
        extensions: { credProps: true },
        hints: [],
      },
      salt,
    );
    expect(typeof PublicKeyCredential.parseCreationOptionsFromJSON).to.equal('function');
    const json = await browserPasskeys().create(options);
    const publicKey = seen[0]!.publicKey!;
    expect(text(publicKey.challenge)).to.equal('challenge');
    expect(text(publicKey.user.id)).to.equal('user-1');
    expect(publicKey.authenticatorSelection!.residentKey).to.equal('required');
    expect(bytes(publicKey.extensions!.prf!.eval!.first)).to.deep.equal([9, 8, 7]);
    expect(publicKey.extensions!.credProps).to.equal(true);
    expect(json).to.deep.include({ id: enc('cred'), type: 'public-key' });
    expect(json.clientExtensionResults).to.deep.equal({
      prf: { enabled: true, results: { first: base64UrlEncode(new Uint8Array(32).fill(7)) } },
    });
  });

  it('gets with allowCredentials decoded and answers the assertion as JSON', async () => {
    const seen: CredentialRequestOptions[] = [];
    container.get = async (options: CredentialRequestOptions) => {
      seen.push(options);
      return fakeCredential({
        clientDataJSON: new ArrayBuffer(1),
        authenticatorData: new ArrayBuffer(1),
        signature: new ArrayBuffer(1),
        userHandle: null,
      });
    };
    const json = await browserPasskeys().get(
      withPrfEval(
        { challenge: enc('c'), allowCredentials: [{ type: 'public-key', id: enc('cred') }], userVerification: 'preferred' },
        new Uint8Array([1]),
      ),
    );
    const publicKey = seen[0]!.publicKey!;
    expect(text(publicKey.allowCredentials![0]!.id)).to.equal('cred');
    expect(bytes(publicKey.extensions!.prf!.eval!.first)).to.deep.equal([1]);
    expect((json.response as Record<string, unknown>).signature).to.equal('AA');
  });
});
