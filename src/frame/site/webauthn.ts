/**
 * The frame's passkey authenticator: `navigator.credentials.create` / `get` in the frame's own
 * origin (its relying party id is the frame site's host), options and credentials in WebAuthn's
 * JSON forms. Options are parsed by the browser's `parse*OptionsFromJSON` when it has them, else
 * by ./webauthn-json.ts; extensions (the PRF eval) always by ./webauthn-json.ts. The credential's
 * JSON still holds the PRF results: the handlers take them out before anything is posted.
 */
import { W3Error } from '../../core/errors/base.js';
import type { PasskeyAuthenticator } from './context.js';
import { FRAME_REPLY_TEXT } from './texts.js';
import {
  creationOptionsFromJson,
  credentialToJson,
  extensionsFromJson,
  requestOptionsFromJson,
  type CredentialLike,
  type Json,
} from './webauthn-json.js';

type Parser<T> = ((json: never) => T) | undefined;

function credentialsApi(): { pkc: typeof PublicKeyCredential; credentials: CredentialsContainer } {
  const pkc = (globalThis as { PublicKeyCredential?: typeof PublicKeyCredential }).PublicKeyCredential;
  const credentials = (globalThis as { navigator?: Navigator }).navigator?.credentials;
  if (!pkc || !credentials) throw new W3Error(FRAME_REPLY_TEXT.passkeysUnsupported);
  return { pkc, credentials };
}

function parse<T extends { extensions?: AuthenticationExtensionsClientInputs }>(
  json: Json,
  native: Parser<T>,
  fallback: (json: Json) => T,
): T {
  const { extensions, ...rest } = json;
  const options = native ? native(rest as never) : fallback(rest);
  const parsed = extensionsFromJson(extensions);
  if (parsed) options.extensions = parsed;
  else delete options.extensions;
  return options;
}

function asJson(credential: Credential | null): Json {
  if (!credential || credential.type !== 'public-key') throw new W3Error(FRAME_REPLY_TEXT.passkeyNotUsed);
  return credentialToJson(credential as unknown as CredentialLike);
}

/** The real authenticator (the browser's WebAuthn). */
export function browserPasskeys(): PasskeyAuthenticator {
  return {
    async create(json) {
      const { pkc, credentials } = credentialsApi();
      const publicKey = parse(
        json,
        pkc.parseCreationOptionsFromJSON?.bind(pkc) as Parser<PublicKeyCredentialCreationOptions>,
        creationOptionsFromJson,
      );
      return asJson(await credentials.create({ publicKey }));
    },
    async get(json) {
      const { pkc, credentials } = credentialsApi();
      const publicKey = parse(
        json,
        pkc.parseRequestOptionsFromJSON?.bind(pkc) as Parser<PublicKeyCredentialRequestOptions>,
        requestOptionsFromJson,
      );
      return asJson(await credentials.get({ publicKey }));
    },
  };
}
