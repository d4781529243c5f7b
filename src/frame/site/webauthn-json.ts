/**
 * WebAuthn's JSON forms (the ones `@simplewebauthn/server` makes and reads: binary fields as
 * base64url) to and from the browser's objects, for browsers without
 * `PublicKeyCredential.parseCreationOptionsFromJSON` / `credential.toJSON()`; the extension inputs
 * and outputs always go through here (only `prf` and `credProps` are passed on). And the one rule
 * that keeps the passkey's secret in the frame: `takePrfOutput` removes the PRF results from a
 * credential's JSON before anything is posted.
 */
import { W3Error } from '../../core/errors/base.js';
import { base64UrlDecode, base64UrlEncode } from '../keys/bytes.js';

export type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The bytes of a base64url field; throws naming the field. */
export function bytesField(value: unknown, field: string): Uint8Array<ArrayBuffer> {
  const bytes = typeof value === 'string' ? base64UrlDecode(value.replace(/=+$/, '')) : undefined;
  if (!bytes) throw new W3Error(`The passkey options' ${field} is not base64url`);
  return new Uint8Array(bytes);
}

function descriptors(list: unknown, field: string): PublicKeyCredentialDescriptor[] | undefined {
  if (list === undefined) return undefined;
  if (!Array.isArray(list)) throw new W3Error(`The passkey options' ${field} is not a list`);
  return list.map((item: unknown, i) => {
    if (!isObject(item)) throw new W3Error(`The passkey options' ${field}[${i}] is not an object`);
    const descriptor: PublicKeyCredentialDescriptor = { type: 'public-key', id: bytesField(item.id, `${field}[${i}].id`) };
    if (Array.isArray(item.transports))
      descriptor.transports = item.transports.filter((t) => typeof t === 'string') as AuthenticatorTransport[];
    return descriptor;
  });
}

/** The extension inputs the frame passes on: PRF eval (base64url salts) and credProps. */
export function extensionsFromJson(json: unknown): AuthenticationExtensionsClientInputs | undefined {
  if (!isObject(json)) return undefined;
  const out: AuthenticationExtensionsClientInputs = {};
  if (json.credProps === true) out.credProps = true;
  const prf = isObject(json.prf) && isObject(json.prf.eval) ? json.prf.eval : undefined;
  if (prf) {
    const evalInput: AuthenticationExtensionsPRFValues = { first: bytesField(prf.first, 'extensions.prf.eval.first') };
    if (prf.second !== undefined) evalInput.second = bytesField(prf.second, 'extensions.prf.eval.second');
    out.prf = { eval: evalInput };
  }
  return out;
}

/** PublicKeyCredentialCreationOptionsJSON to the object `navigator.credentials.create` takes. */
export function creationOptionsFromJson(json: Json): PublicKeyCredentialCreationOptions {
  if (!isObject(json.user) || !isObject(json.rp)) throw new W3Error("The passkey options' rp and user are missing");
  const { extensions, excludeCredentials, challenge, user, ...rest } = json;
  const options = {
    ...rest,
    challenge: bytesField(challenge, 'challenge'),
    user: { ...user, id: bytesField(user.id, 'user.id') },
  } as unknown as PublicKeyCredentialCreationOptions;
  const exclude = descriptors(excludeCredentials, 'excludeCredentials');
  if (exclude) options.excludeCredentials = exclude;
  const ext = extensionsFromJson(extensions);
  if (ext) options.extensions = ext;
  return options;
}

/** PublicKeyCredentialRequestOptionsJSON to the object `navigator.credentials.get` takes. */
export function requestOptionsFromJson(json: Json): PublicKeyCredentialRequestOptions {
  const { extensions, allowCredentials, challenge, ...rest } = json;
  const options = { ...rest, challenge: bytesField(challenge, 'challenge') } as unknown as PublicKeyCredentialRequestOptions;
  const allow = descriptors(allowCredentials, 'allowCredentials');
  if (allow) options.allowCredentials = allow;
  const ext = extensionsFromJson(extensions);
  if (ext) options.extensions = ext;
  return options;
}

const encode = (buffer: ArrayBuffer | ArrayBufferView | null | undefined): string | undefined =>
  buffer
    ? base64UrlEncode(
        buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength),
      )
    : undefined;

/** The extension outputs as JSON: credProps, and PRF's `enabled` and `results` (base64url). */
export function extensionResultsToJson(results: AuthenticationExtensionsClientOutputs): Json {
  const out: Json = {};
  if (results.credProps) out.credProps = { rk: results.credProps.rk };
  if (results.prf) {
    const prf: Json = {};
    if (results.prf.enabled !== undefined) prf.enabled = results.prf.enabled;
    const first = encode(results.prf.results?.first as ArrayBuffer | undefined);
    if (first) prf.results = { first };
    out.prf = prf;
  }
  return out;
}

type ResponseLike = {
  clientDataJSON: ArrayBuffer;
  attestationObject?: ArrayBuffer;
  getTransports?: () => string[];
  getPublicKeyAlgorithm?: () => number;
  getPublicKey?: () => ArrayBuffer | null;
  getAuthenticatorData?: () => ArrayBuffer;
  authenticatorData?: ArrayBuffer;
  signature?: ArrayBuffer;
  userHandle?: ArrayBuffer | null;
};

/** The parts of a PublicKeyCredential the codec reads. */
export interface CredentialLike {
  id: string;
  rawId: ArrayBuffer;
  type: string;
  authenticatorAttachment?: string | null;
  response: unknown;
  getClientExtensionResults(): AuthenticationExtensionsClientOutputs;
  toJSON?: () => unknown;
}

/** A new or used credential as JSON (what `toJSON()` gives), with the extension outputs of `extensionResultsToJson`. */
export function credentialToJson(credential: CredentialLike): Json {
  const extensions = extensionResultsToJson(credential.getClientExtensionResults());
  const native = typeof credential.toJSON === 'function' ? credential.toJSON() : undefined;
  if (isObject(native)) return { ...native, clientExtensionResults: extensions };
  const r = credential.response as ResponseLike;
  const response: Json = r.attestationObject
    ? {
        clientDataJSON: encode(r.clientDataJSON),
        attestationObject: encode(r.attestationObject),
        transports: r.getTransports?.() ?? [],
        publicKeyAlgorithm: r.getPublicKeyAlgorithm?.(),
        publicKey: encode(r.getPublicKey?.()),
        authenticatorData: encode(r.getAuthenticatorData?.()),
      }
    : {
        clientDataJSON: encode(r.clientDataJSON),
        authenticatorData: encode(r.authenticatorData),
        signature: encode(r.signature),
        userHandle: encode(r.userHandle),
      };
  return {
    id: credential.id,
    rawId: encode(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    response: JSON.parse(JSON.stringify(response)) as Json,
    clientExtensionResults: extensions,
  };
}

/**
 * Splits a credential's JSON into what may be posted (the PRF results removed, `enabled` kept)
 * and the PRF output, which stays in the frame.
 */
export function takePrfOutput(credential: Json): { response: Json; prfOutput?: Uint8Array; prfEnabled: boolean } {
  const extensions = isObject(credential.clientExtensionResults) ? credential.clientExtensionResults : {};
  const prf = isObject(extensions.prf) ? extensions.prf : undefined;
  const results = prf && isObject(prf.results) ? prf.results : undefined;
  const first = typeof results?.first === 'string' ? base64UrlDecode(results.first) : undefined;
  const cleanExtensions: Json = { ...extensions };
  if (prf) {
    const kept: Json = { ...prf };
    delete kept.results;
    cleanExtensions.prf = kept;
  }
  const response = { ...credential, clientExtensionResults: cleanExtensions };
  return { response, ...(first ? { prfOutput: first } : {}), prfEnabled: prf?.enabled === true || first !== undefined };
}

/** `options` with the PRF extension asked for with `salt` (the JSON form: base64url). */
export function withPrfEval(options: Json, salt: Uint8Array): Json {
  const extensions = isObject(options.extensions) ? options.extensions : {};
  return { ...options, extensions: { ...extensions, prf: { eval: { first: base64UrlEncode(salt) } } } };
}
