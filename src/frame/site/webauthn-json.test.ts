import { describe, expect, it } from 'vitest';
import {
  creationOptionsFromJson,
  credentialToJson,
  requestOptionsFromJson,
  takePrfOutput,
  withPrfEval,
  type CredentialLike,
} from './webauthn-json.js';

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const buf = (text: string) => new Uint8Array(Buffer.from(text)).buffer;

describe('WebAuthn JSON codec', () => {
  it('decodes creation options: challenge, user id, excluded ids and the PRF salt', () => {
    const options = creationOptionsFromJson(
      withPrfEval(
        {
          challenge: b64('challenge'),
          rp: { name: 'w3kit', id: 'localhost' },
          user: { id: b64('user-1'), name: 'ada', displayName: 'Ada' },
          pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
          excludeCredentials: [{ type: 'public-key', id: b64('old-credential'), transports: ['internal'] }],
          authenticatorSelection: { residentKey: 'required' },
          extensions: { credProps: true, appidExclude: 'https://evil.test' },
        },
        new Uint8Array([1, 2, 3]),
      ),
    );
    expect(Buffer.from(options.challenge as Uint8Array).toString()).toBe('challenge');
    expect(Buffer.from(options.user.id as Uint8Array).toString()).toBe('user-1');
    expect(options.user.name).toBe('ada');
    expect(Buffer.from(options.excludeCredentials![0]!.id as Uint8Array).toString()).toBe('old-credential');
    expect(options.excludeCredentials![0]!.transports).toEqual(['internal']);
    expect(options.authenticatorSelection).toEqual({ residentKey: 'required' });
    expect(options.extensions).toEqual({ credProps: true, prf: { eval: { first: new Uint8Array([1, 2, 3]) } } });
  });

  it('decodes request options and names a bad field', () => {
    const options = requestOptionsFromJson({
      challenge: b64('c'),
      allowCredentials: [{ type: 'public-key', id: b64('id-1') }],
      rpId: 'localhost',
    });
    expect(Buffer.from(options.allowCredentials![0]!.id as Uint8Array).toString()).toBe('id-1');
    expect(options.rpId).toBe('localhost');
    expect(() => requestOptionsFromJson({ challenge: 'not base64url!' })).toThrow("The passkey options' challenge is not base64url");
    expect(() => requestOptionsFromJson({ challenge: b64('c'), allowCredentials: [{ id: 5 }] })).toThrow('allowCredentials[0].id');
    expect(() => creationOptionsFromJson({ challenge: b64('c') })).toThrow("The passkey options' rp and user are missing");
  });

  it('encodes a new credential and an assertion, PRF results as base64url', () => {
    const prf = new Uint8Array(32).fill(5);
    const created: CredentialLike = {
      id: b64('cred'),
      rawId: buf('cred'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: buf('{"type":"webauthn.create"}'),
        attestationObject: buf('att'),
        getTransports: () => ['internal', 'hybrid'],
        getPublicKeyAlgorithm: () => -7,
        getPublicKey: () => buf('pk'),
        getAuthenticatorData: () => buf('ad'),
      },
      getClientExtensionResults: () => ({ prf: { enabled: true, results: { first: prf.buffer } }, credProps: { rk: true } }),
    };
    expect(credentialToJson(created)).toEqual({
      id: b64('cred'),
      rawId: b64('cred'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64('{"type":"webauthn.create"}'),
        attestationObject: b64('att'),
        transports: ['internal', 'hybrid'],
        publicKeyAlgorithm: -7,
        publicKey: b64('pk'),
        authenticatorData: b64('ad'),
      },
      clientExtensionResults: {
        prf: { enabled: true, results: { first: Buffer.from(prf).toString('base64url') } },
        credProps: { rk: true },
      },
    });
    const used: CredentialLike = {
      id: b64('cred'),
      rawId: buf('cred'),
      type: 'public-key',
      response: { clientDataJSON: buf('cd'), authenticatorData: buf('ad'), signature: buf('sig'), userHandle: null },
      getClientExtensionResults: () => ({}),
    };
    expect(credentialToJson(used).response).toEqual({ clientDataJSON: b64('cd'), authenticatorData: b64('ad'), signature: b64('sig') });
  });

  it("uses the browser's toJSON when there is one, with the frame's own extension outputs", () => {
    const credential: CredentialLike = {
      id: 'x',
      rawId: buf('x'),
      type: 'public-key',
      response: {},
      getClientExtensionResults: () => ({ prf: { enabled: false } }),
      toJSON: () => ({ id: 'x', response: { clientDataJSON: 'native' }, clientExtensionResults: { somethingElse: 1 } }),
    };
    expect(credentialToJson(credential)).toEqual({
      id: 'x',
      response: { clientDataJSON: 'native' },
      clientExtensionResults: { prf: { enabled: false } },
    });
  });

  it('takePrfOutput removes the PRF results and keeps the rest', () => {
    const first = Buffer.alloc(32, 9).toString('base64url');
    const { response, prfOutput, prfEnabled } = takePrfOutput({
      id: 'x',
      response: { clientDataJSON: 'cd' },
      clientExtensionResults: { prf: { enabled: true, results: { first, second: first } }, credProps: { rk: true } },
    });
    expect(prfOutput).toEqual(new Uint8Array(32).fill(9));
    expect(prfEnabled).toBe(true);
    expect(response).toEqual({
      id: 'x',
      response: { clientDataJSON: 'cd' },
      clientExtensionResults: { prf: { enabled: true }, credProps: { rk: true } },
    });
    expect(JSON.stringify(response)).not.toContain(first);
    expect(takePrfOutput({ id: 'y', clientExtensionResults: {} })).toEqual({
      response: { id: 'y', clientExtensionResults: {} },
      prfEnabled: false,
    });
  });
});
