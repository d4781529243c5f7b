/**
 * The embedded wallet's connector (first chunk, kept tiny): with `secureSiteUrl` and the email
 * or socials feature, the AUTH connector joins each configured namespace it serves and e-mail login gets its
 * handler; the flow, the bridge and the providers are lazy chunks. Spec 4: when e-mail login was
 * used before, the frame is created at once and the session restored.
 */
import { EMBEDDED_NAMESPACES } from '../../chains/frame-namespaces.js';
import type { ChainNamespace } from '../../core/caip.js';
import { $features, $options } from '../app/options.js';
import { storage } from '../app/storage.js';
import { registerEmailHandler } from '../connection/connect-handlers.js';
import { addConnectors, removeConnector } from '../connection/connectors.js';
import { markRestoring } from '../connection/restore-hint.js';
import { AUTH_CONNECTOR_ID } from '../connection/connector-ids.js';

/** The embedded wallet's flow (lazy). */
export const loadEmbeddedFlow = () => import('./actions.js');

/** Run by configure() after initConnectors(): the embedded wallet's connector follows the options. */
export function initEmbedded(): void {
  const options = $options.get();
  if (!options || typeof window === 'undefined') return;
  const namespaces = new Set(options.networks.map((n) => n.chainNamespace));
  removeConnector(AUTH_CONNECTOR_ID);
  const { email, socials } = $features.get();
  const on = options.secureSiteUrl && (email || (socials && socials.length > 0));
  registerEmailHandler(on ? (email) => loadEmbeddedFlow().then((m) => m.loginWithEmail(email)) : undefined);
  if (!on) return;
  const served = EMBEDDED_NAMESPACES.filter((ns) => namespaces.has(ns));
  addConnectors(served.map((chain) => ({ id: AUTH_CONNECTOR_ID, type: 'AUTH', name: 'Email', chain })));
  if (!storage.get('emailLoginUsed')) return;
  for (const [ns, id] of Object.entries(storage.get('connectedConnectorIds') ?? {}) as [ChainNamespace, string][])
    if (id === AUTH_CONNECTOR_ID) markRestoring(ns, id);
  void loadEmbeddedFlow().then((m) => m.restoreEmbedded());
}
