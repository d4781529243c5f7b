/**
 * The rest of the frame's requests: e-mail change, key export (the frame's own screen; each
 * request that mails a code sends the modal's locale, so the mail speaks it), theme
 * and dapp data, the smart-account calls (the user's Safe on a smart-account enabled network:
 * src/chains/eip155/smart-account), and reload.
 */
import { W3Error } from '../../../core/errors/base.js';
import {
  emailChangePrimaryReply,
  emailChangeSecondaryReply,
  emailChangeStartReply,
  exportStartReply,
  exportVerifyReply,
} from '../../../wire/auth-api.js';
import { base58Encode } from '../../../wire/base58.js';
import { bytesToHex, type Address } from 'viem';
import { safeAddress } from '../../../chains/eip155/smart-account/address.js';
import { activeSmartAccountOf, setActiveSmartAccount } from '../../../chains/eip155/smart-account/active.js';
import { chainContracts, enabledNetworks, type SmartAccountBackend } from '../../../chains/eip155/smart-account/backend.js';
import { wipe } from '../../keys/bytes.js';
import { deriveEvmKey, deriveSolanaSeed, solanaSecretKey } from '../../keys/derive.js';
import { combineShares, decodeShare, SERVER_SHARE_X } from '../../keys/shamir.js';
import { findNetwork, type ExportFlow, type FrameContext } from '../context.js';
import { checkAddresses, requireSession } from '../session.js';
import { FRAME_REPLY_TEXT } from '../texts.js';
import { addressOn, currentChainId } from './session.js';
import type { Handlers } from './types.js';

function exportFlow(ctx: FrameContext): ExportFlow {
  let exportId: string | undefined;
  return {
    async sendCode() {
      exportId = (await ctx.api.post('/export/start', { locale: ctx.state.dapp?.locale }, exportStartReply)).exportId;
    },
    async reveal(otp) {
      if (!exportId) throw new W3Error(FRAME_REPLY_TEXT.noExport);
      const session = await requireSession(ctx);
      const { share } = await ctx.api.post('/export/verify', { exportId, otp }, exportVerifyReply);
      const server = decodeShare(share, SERVER_SHARE_X);
      const device = await ctx.store.getDeviceShare(session.user.id);
      if (!device) throw new W3Error(FRAME_REPLY_TEXT.noDeviceShare);
      const seed = combineShares(device, server);
      const evmKey = deriveEvmKey(seed);
      const solanaSeed = deriveSolanaSeed(seed);
      const secret = solanaSecretKey(solanaSeed);
      try {
        checkAddresses(seed, session);
        return { evmPrivateKey: bytesToHex(evmKey), solanaSecretKey: base58Encode(secret) };
      } finally {
        wipe(server, device, seed, evmKey, solanaSeed, secret);
      }
    },
  };
}

/** The backend the smart-account calls go to: the host's Blockchain API and the frame's project. */
function backendOf(ctx: FrameContext): SmartAccountBackend | undefined {
  const apiUrl = ctx.state.dapp?.apiUrl;
  return apiUrl ? { apiUrl, projectId: ctx.state.projectId } : undefined;
}

/** The user's Safe on the current chain; refused where the chain is not a smart-account enabled network. */
async function smartAccountOn(ctx: FrameContext, owner: string | undefined) {
  const caipChainId = await currentChainId(ctx);
  const backend = backendOf(ctx);
  const contracts = owner && backend ? await chainContracts(backend, caipChainId) : undefined;
  if (!owner || !backend || !contracts) throw new W3Error(FRAME_REPLY_TEXT.noSmartAccounts);
  return { owner, address: safeAddress(owner as Address, contracts), caipChainId, contracts, backend };
}

function requireChange(ctx: FrameContext): string {
  if (!ctx.state.changeId) throw new W3Error(FRAME_REPLY_TEXT.noEmailChange);
  return ctx.state.changeId;
}

export const accountHandlers: Handlers<
  | 'UpdateEmail'
  | 'UpdateEmailPrimaryOtp'
  | 'UpdateEmailSecondaryOtp'
  | 'ExportKey'
  | 'SyncTheme'
  | 'SyncDappData'
  | 'GetSmartAccountEnabledNetworks'
  | 'InitSmartAccount'
  | 'SetPreferredAccount'
  | 'Reload'
> = {
  async UpdateEmail({ email }, ctx) {
    await requireSession(ctx);
    const reply = await ctx.api.post('/email/change/start', { email, locale: ctx.state.dapp?.locale }, emailChangeStartReply);
    ctx.state.changeId = reply.changeId;
    return { action: reply.action };
  },

  async UpdateEmailPrimaryOtp({ otp }, ctx) {
    return ctx.api.post(
      '/email/change/primary',
      { changeId: requireChange(ctx), otp, locale: ctx.state.dapp?.locale },
      emailChangePrimaryReply,
    );
  },

  async UpdateEmailSecondaryOtp({ otp }, ctx) {
    const { email } = await ctx.api.post('/email/change/secondary', { changeId: requireChange(ctx), otp }, emailChangeSecondaryReply);
    ctx.state.changeId = undefined;
    if (ctx.state.session) ctx.state.session.user = { ...ctx.state.session.user, email };
    return { newEmail: email };
  },

  async ExportKey(_payload, ctx) {
    await requireSession(ctx);
    await ctx.exportScreen.run(exportFlow(ctx));
    return {};
  },

  async SyncTheme(theme, ctx) {
    ctx.applyTheme(theme);
    return {};
  },

  async SyncDappData(data, ctx) {
    ctx.state.dapp = data;
    ctx.localeChanged?.(data.locale);
    return {};
  },

  async GetSmartAccountEnabledNetworks(_payload, ctx) {
    return { smartAccountEnabledNetworks: await enabledNetworks(backendOf(ctx)) };
  },

  async InitSmartAccount(_payload, ctx) {
    const session = await requireSession(ctx);
    const { address, caipChainId } = await smartAccountOn(ctx, session.user.evmAddress);
    const network = findNetwork(ctx, caipChainId)!;
    const code = await ctx.jsonRpc(network.rpcUrl, 'eth_getCode', [address, 'latest']);
    const isDeployed = typeof code === 'string' && code !== '0x' && code !== '0x0';
    const active = activeSmartAccountOf(session.user.evmAddress);
    if (active && active.address === address) active.deployed ||= isDeployed;
    return { address, isDeployed };
  },

  async SetPreferredAccount({ type }, ctx) {
    const session = await requireSession(ctx);
    const owner = session.user.evmAddress;
    if (type === 'eoa' || !owner) {
      if (owner) setActiveSmartAccount(owner, undefined);
      const chainId = await currentChainId(ctx);
      return { type: 'eoa', address: addressOn(session, chainId.split(':')[0] as string) };
    }
    const account = await smartAccountOn(ctx, owner);
    const previous = activeSmartAccountOf(owner);
    setActiveSmartAccount(owner, { ...account, deployed: previous?.address === account.address && previous.deployed });
    return { type: 'smartAccount', address: account.address };
  },

  async Reload(_payload, ctx) {
    setTimeout(() => ctx.reload(), 0);
    return {};
  },
};
