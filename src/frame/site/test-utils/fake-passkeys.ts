/**
 * For the frame's node tests: a software authenticator in WebAuthn's JSON forms (discoverable
 * credentials, PRF as HMAC-SHA-256 of the salt under a per-credential secret, so the same
 * credential gives the same output on any "device"), and the auth API's passkey routes as a
 * FakeRoutes (bodies parsed with the wire schemas; the server side is tested in server/).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { passkeyLoginBody, passkeyRegisterBody, passkeyRemoveBody } from '../../../wire/passkey-api.js';
import type { PasskeyAuthenticator } from '../context.js';
import type { FakeRequest, FakeRoutes } from './frame-harness.js';

type Json = Record<string, unknown>;
const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');

export interface FakeCredential {
  id: string;
  secret: Buffer;
}

/** `prf`: 'results' gives the output at creation, 'enabled' only says so (a get gives it), 'none' has no PRF. */
export function fakeAuthenticator(options: { prf?: 'results' | 'enabled' | 'none'; credentials?: FakeCredential[] } = {}) {
  const mode = options.prf ?? 'results';
  const credentials: FakeCredential[] = options.credentials ?? [];
  const seen: { kind: 'create' | 'get'; options: Json }[] = [];
  let failure: Error | undefined;

  const prfOf = (credential: FakeCredential, request: Json) => {
    const first = ((request.extensions as Json | undefined)?.prf as { eval?: { first?: string } } | undefined)?.eval?.first;
    if (mode === 'none' || !first) return undefined;
    return b64(createHmac('sha256', credential.secret).update(Buffer.from(first, 'base64url')).digest());
  };
  const assertion = (credential: FakeCredential, request: Json): Json => {
    const first = prfOf(credential, request);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: { clientDataJSON: b64(JSON.stringify({ type: 'webauthn.get', challenge: request.challenge })), signature: 'c2ln' },
      clientExtensionResults: first ? { prf: { results: { first } } } : {},
    };
  };

  const authenticator: PasskeyAuthenticator = {
    async create(request) {
      seen.push({ kind: 'create', options: request });
      if (failure) throw failure;
      const credential = { id: b64(randomBytes(16)), secret: randomBytes(32) };
      credentials.push(credential);
      const first = mode === 'results' ? prfOf(credential, request) : undefined;
      return {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key',
        response: { clientDataJSON: b64(JSON.stringify({ type: 'webauthn.create' })), attestationObject: 'YXR0', transports: ['internal'] },
        clientExtensionResults: mode === 'none' ? {} : { prf: { enabled: true, ...(first ? { results: { first } } : {}) } },
      };
    },
    async get(request) {
      seen.push({ kind: 'get', options: request });
      if (failure) throw failure;
      const allowed = (request.allowCredentials as { id: string }[] | undefined)?.map((c) => c.id);
      const credential = [...credentials].reverse().find((c) => !allowed?.length || allowed.includes(c.id));
      if (!credential) throw new DOMException('No credential', 'NotAllowedError');
      return assertion(credential, request);
    },
  };
  return {
    authenticator,
    credentials,
    seen,
    failWith(error: Error | undefined) {
      failure = error;
    },
  };
}

interface StoredPasskey {
  id: string;
  wrapped?: string;
}

/** The passkey routes, with the rules of src/wire/passkey-api.ts. */
export function fakePasskeyRoutes() {
  const passkeys: StoredPasskey[] = [];
  /** Whether the server still holds the recovery share itself (false once a PRF passkey wraps it). */
  const server = { holdsRecovery: true };
  const bad = (req: FakeRequest, message: string) => req.json(400, { message });
  const view = (p: StoredPasskey) => ({ id: p.id, name: 'Passkey', createdAt: 1, lastUsedAt: null, prf: p.wrapped !== undefined });

  const routes: FakeRoutes = (req) => {
    const { method, path, body } = req;
    if (path === '/passkeys/login/options' && method === 'POST')
      return req.json(200, { challengeId: 'challenge-0001', options: { challenge: b64('login'), userVerification: 'required' } });
    if (path === '/passkeys/login/verify' && method === 'POST') {
      const parsed = passkeyLoginBody.safeParse(body);
      if (!parsed.success) return bad(req, 'Invalid login body');
      const found = passkeys.find((p) => p.id === parsed.data.response.id);
      if (!found) return req.json(401, { message: 'Unknown passkey' });
      return req.session(true, found.wrapped ? { wrappedRecoveryShare: found.wrapped } : {});
    }
    if (!path.startsWith('/passkeys') && path !== '/keys/recovery-share' && path !== '/keys/recovery-wrapped') return undefined;
    if (!req.authed) return req.json(401, { message: 'Session Expired' });
    if (path === '/passkeys/register/options')
      return req.json(200, {
        options: {
          challenge: b64('register'),
          rp: { name: 'w3kit', id: 'frame.test' },
          user: { id: b64(req.user.id), name: req.user.email ?? req.user.id, displayName: 'Ada' },
          pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
          authenticatorSelection: { residentKey: 'required' },
        },
      });
    if (path === '/passkeys/register/verify') {
      const parsed = passkeyRegisterBody.safeParse(body);
      if (!parsed.success) return bad(req, 'Invalid registration body');
      const stored: StoredPasskey = { id: String(parsed.data.response.id) };
      if (parsed.data.wrappedRecoveryShare) {
        stored.wrapped = parsed.data.wrappedRecoveryShare;
        server.holdsRecovery = false;
      }
      passkeys.push(stored);
      return req.json(200, { passkey: view(stored) });
    }
    if (path === '/passkeys') return req.json(200, { passkeys: passkeys.map(view) });
    if (path === '/passkeys/remove') {
      const parsed = passkeyRemoveBody.safeParse(body);
      if (!parsed.success) return bad(req, 'Invalid remove body');
      const index = passkeys.findIndex((p) => p.id === parsed.data.id);
      if (index < 0) return req.json(404, { message: 'No such passkey' });
      const lastPrf = passkeys[index]!.wrapped !== undefined && passkeys.filter((p) => p.wrapped).length === 1;
      if (lastPrf) {
        if (!parsed.data.recoveryShare) return req.json(409, { message: 'Give the recovery share back', field: 'recoveryShare' });
        if (parsed.data.recoveryShare !== req.user.recoveryShare) return bad(req, 'The recovery share is not the one registered');
        server.holdsRecovery = true;
      }
      passkeys.splice(index, 1);
      return req.json(200, {});
    }
    if (path === '/keys/recovery-share' && !server.holdsRecovery)
      return req.json(409, { message: 'A passkey holds the recovery share', field: 'passkey' });
    if (path === '/keys/recovery-wrapped')
      return req.json(200, { wrapped: passkeys.filter((p) => p.wrapped).map((p) => ({ credentialId: p.id, share: p.wrapped })) });
    return undefined;
  };
  return { routes, passkeys, server };
}
