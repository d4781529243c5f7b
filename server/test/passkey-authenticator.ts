/**
 * A test double for a WebAuthn authenticator (tests only; the end-to-end tests use Chromium's
 * virtual authenticator): a P-256 key per credential, authenticator data with the rp id hash,
 * flags and counter, 'none' attestation, the client data a browser would build, and ES256
 * signatures. Every field a test wants to get wrong (origin, rp id, challenge, counter) can be.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

export interface TestCredential {
  id: string;
  rpId: string;
  /** The user handle the relying party gave (base64url). */
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

export interface CeremonyOverrides {
  /** The origin written into clientDataJSON; default the given origin. */
  origin: string;
  /** The rp id whose hash goes into authenticator data; default the options' (or credential's). */
  rpId?: string;
  /** The challenge to sign instead of the options' one. */
  challenge?: string;
  /** The page around the frame, for a cross-origin ceremony (clientDataJSON's crossOrigin and topOrigin). */
  topOrigin?: string;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function counterBytes(counter: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(counter);
  return out;
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string, topOrigin?: string): Buffer {
  const frame = topOrigin === undefined ? { crossOrigin: false } : { crossOrigin: true, topOrigin };
  return Buffer.from(JSON.stringify({ type, challenge, origin, ...frame }), 'utf8');
}

interface CreationOptions {
  challenge: string;
  rp: { id: string };
  user: { id: string };
}

/** navigator.credentials.create, for a test: a new credential and its registration response JSON. */
export function createCredential(options: Record<string, unknown>, overrides: CeremonyOverrides) {
  const opts = options as unknown as CreationOptions;
  const rpId = overrides.rpId ?? opts.rp.id;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const idBytes = randomBytes(32);
  const coseKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(idBytes.length);
  const authData = Buffer.concat([
    sha(rpId),
    Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
    counterBytes(0),
    Buffer.alloc(16),
    idLength,
    idBytes,
    coseKey,
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Uint8Array | Map<string, string>>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', authData],
    ]),
  );
  const credential: TestCredential = { id: b64url(idBytes), rpId, userHandle: opts.user.id, privateKey, counter: 0 };
  const response = {
    id: credential.id,
    rawId: credential.id,
    type: 'public-key',
    response: {
      clientDataJSON: b64url(clientData('webauthn.create', overrides.challenge ?? opts.challenge, overrides.origin, overrides.topOrigin)),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
  return { credential, response };
}

/** navigator.credentials.get, for a test: an assertion by `credential` (its counter moves on by one unless given). */
export function assertCredential(
  credential: TestCredential,
  options: Record<string, unknown>,
  overrides: CeremonyOverrides & { counter?: number; userHandle?: string },
) {
  credential.counter = overrides.counter ?? credential.counter + 1;
  const authData = Buffer.concat([
    sha(overrides.rpId ?? credential.rpId),
    Buffer.from([FLAG_UP | FLAG_UV]),
    counterBytes(credential.counter),
  ]);
  const client = clientData('webauthn.get', overrides.challenge ?? String(options.challenge), overrides.origin, overrides.topOrigin);
  const signature = sign('sha256', Buffer.concat([authData, sha(client)]), credential.privateKey);
  return {
    id: credential.id,
    rawId: credential.id,
    type: 'public-key',
    response: {
      clientDataJSON: b64url(client),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: overrides.userHandle ?? credential.userHandle,
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}
