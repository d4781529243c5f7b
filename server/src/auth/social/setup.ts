/**
 * Social login's part of the frame origin's start: the configured providers, with the
 * development OpenID provider (`oidcPort`) standing in for every provider the config leaves
 * unset, and the context the routes use.
 */
import type { AuthContext } from '../context.js';
import { startDevOidc, type DevOidc } from '../../dev-oidc/provider.js';
import type { SocialsConfig } from './config.js';
import { createDiscovery } from './discovery.js';
import { SOCIAL_CALLBACK_PATH, type SocialContext } from './flow.js';

export interface SocialOptions {
  /** The OpenID / OAuth 2 providers (the config file's `socials`). */
  socials?: SocialsConfig;
  /** Run the development OpenID provider on this port (0 free) for every provider `socials` leaves unset. */
  oidcPort?: number | false;
}

export interface SocialSetup {
  context: SocialContext;
  /** The development provider, e.g. `http://127.0.0.1:4304`, when running. */
  oidcUrl: string | undefined;
  /** Once the frame origin listens at `frameUrl`: the development issuers accept its callback (and the public one). */
  ready(frameUrl: string): Promise<void>;
  close(): Promise<void>;
}

export async function setUpSocial(
  auth: AuthContext,
  host: string,
  options: SocialOptions,
  warn: (line: string) => void,
): Promise<SocialSetup> {
  const dev: DevOidc | undefined =
    options.oidcPort === undefined || options.oidcPort === false ? undefined : await startDevOidc({ port: options.oidcPort, host });
  const providers: SocialsConfig = { ...dev?.socials, ...options.socials };
  return {
    context: { auth, providers: () => providers, discover: createDiscovery(auth.now), log: (line) => warn(`w3kit-server: ${line}\n`) },
    oidcUrl: dev?.url,
    async ready(frameUrl) {
      await dev?.mount([...new Set([`${auth.frameOrigin()}${SOCIAL_CALLBACK_PATH}`, `${frameUrl}${SOCIAL_CALLBACK_PATH}`])]);
    },
    close: async () => dev?.close(),
  };
}
