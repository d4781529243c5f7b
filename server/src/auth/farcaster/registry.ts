/**
 * Who a Farcaster id (fid) is: its custody address (the key that signs Sign In With Farcaster
 * messages) and its username. Farcaster keeps these on chain (the Id Registry on Optimism) and in
 * its name server; this server reads them through this interface. The only implementation here
 * is the development sandbox's (./sandbox-registry.ts).
 */
import type { Address } from 'viem';

export interface FarcasterRegistry {
  /** The fid's custody address; undefined for an unknown fid. */
  custodyOf(fid: number): Promise<Address | undefined>;
  /** The fid's username (fname); undefined when it has none. */
  userName(fid: number): Promise<string | undefined>;
}

/** What Farcaster login needs when it is configured: the registry, and where a channel's sign-in link points. */
export interface FarcasterSetup {
  registry: FarcasterRegistry;
  /** The sign-in link shown to the user (QR code and link) for a channel's token. */
  channelUrl(frameOrigin: string, channelToken: string): string;
  /** Whether this is the development sandbox (its sign-in page is served by this server). */
  sandbox: boolean;
}
