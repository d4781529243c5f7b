/**
 * The legacy `siweConfig` (eip155 only: it lives with its namespace) as a SIWXConfig, so the
 * modal has one sign-in flow (stores/siwx/config.ts adapts the option, lazily with the flow):
 * createMessage asks getNonce and getMessageParams and has the app's createMessage write the
 * text; addSession checks it with verifyMessage ('Invalid signature' when false), then tells
 * onSignIn; getSessions is getSession() when it is this address (any case) on this chain;
 * revokeSession is signOut, then onSignOut.
 */
import { W3Error } from '../../core/errors.js';
import { sameAddress } from '../../core/same-address.js';
import type { SIWEConfig, SIWXConfig, SIWXMessage, SIWXMessageData, SIWXSession, SiwxChainId } from '../../core/siwx.js';

/** A sign-in the app's siweConfig refused (its verifyMessage said false, or the chain is not eip155). */
export class SiweError extends W3Error {
  override name = 'SiweError';
  constructor(message: string) {
    super(message, { category: 'WALLET_RPC_ERROR', code: 'SIWE_REFUSED' });
  }
}

function eip155Reference(chainId: SiwxChainId): number {
  const [namespace, reference] = chainId.split(':');
  const id = Number(reference);
  if (namespace !== 'eip155' || !Number.isSafeInteger(id)) throw new SiweError(`siweConfig signs in on eip155 only, not ${chainId}`);
  return id;
}

const here = (): { host: string; href: string } =>
  typeof location === 'undefined' ? { host: 'localhost', href: 'http://localhost/' } : { host: location.host, href: location.href };

/** Adapts a legacy SIWEConfig; `getMessageParams().expiry` is in seconds from now. */
export function adaptSiweConfig(config: SIWEConfig): SIWXConfig {
  /** The last session signed here: getSession() gives only address and chain, this gives the rest. */
  let signed: SIWXSession | undefined;
  return {
    async createMessage({ accountAddress, chainId }) {
      const reference = eip155Reference(chainId);
      const nonce = await config.getNonce(accountAddress);
      const params = (await config.getMessageParams?.()) ?? {};
      const issuedAt = new Date().toISOString();
      const expirationTime = params.expiry ? new Date(Date.now() + params.expiry * 1000).toISOString() : undefined;
      const data: SIWXMessageData = {
        accountAddress,
        chainId,
        domain: params.domain ?? here().host,
        uri: params.uri ?? here().href,
        version: '1',
        nonce,
        issuedAt,
        ...(params.statement ? { statement: params.statement } : {}),
        ...(expirationTime ? { expirationTime } : {}),
        ...(params.resources ? { resources: params.resources } : {}),
      };
      const text = config.createMessage({
        address: `${chainId}:${accountAddress}`,
        chainId: reference,
        domain: data.domain,
        uri: data.uri,
        version: '1',
        nonce,
        iat: issuedAt,
        ...(data.statement ? { statement: data.statement } : {}),
        ...(expirationTime ? { exp: expirationTime } : {}),
        ...(data.resources ? { resources: data.resources } : {}),
      });
      const message: SIWXMessage = { ...data, toString: () => text };
      return message;
    },
    async addSession(session) {
      const ok = await config.verifyMessage({ message: session.message, signature: session.signature });
      if (!ok) throw new SiweError('Invalid signature');
      signed = { data: session.data, message: session.message, signature: session.signature };
      const current = await config.getSession();
      config.onSignIn?.(current ?? undefined);
    },
    async revokeSession() {
      signed = undefined;
      await config.signOut();
      config.onSignOut?.();
    },
    async setSessions(sessions) {
      signed = sessions.at(-1);
    },
    async getSessions(chainId, address) {
      const current = await config.getSession();
      if (!current || current.address.toLowerCase() !== address.toLowerCase() || `eip155:${current.chainId}` !== chainId) return [];
      const same = signed && signed.data.chainId === chainId && sameAddress(signed.data.accountAddress, address);
      return [
        same
          ? signed!
          : {
              data: { accountAddress: current.address, chainId, domain: here().host, uri: here().href, version: '1', nonce: '' },
              message: '',
              signature: '',
            },
      ];
    },
    getRequired: () => config.required ?? true,
    signOutOnDisconnect: config.signOutOnDisconnect ?? true,
  };
}
