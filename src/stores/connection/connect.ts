import type { ConnectorTypeOrderItem } from '../../core/options.js';
import { emailAddressProblem, type EmailAddressProblem } from '../../wire/email-address.js';
import { $connectors, walletKey, type Connector, type ConnectorType } from './connectors.js';
import type { RecentWallet } from './recent.js';
import { handlers, type Handler } from './connect-handlers.js';
import { pushView } from '../ui/router.js';
import { showError, showErrorOf } from '../ui/toast.js';

/**
 * A wallet found in the page (any namespace) opens ConnectingExternal, which connects each
 * namespace the wallet and the app share; connectors that bring their own flow (WalletConnect,
 * the embedded wallet) register a handler for their type.
 */
const openConnecting: Handler<Connector> = (connector) =>
  pushView('ConnectingExternal', { connectorId: connector.id, title: connector.name });
const OWN_FLOW = new Set<ConnectorType>(['WALLET_CONNECT', 'AUTH']);

/**
 * An e-mail's problem, each with its own words in the elements: empty, too long (RFC 5321: 254 in
 * all, 64 before the '@'), malformed, or (an e-mail change) the address the user already has.
 */
export type EmailProblem = EmailAddressProblem | 'SAME_AS_CURRENT';

/** Validates an e-mail (surrounding spaces ignored) by the server's own rule; returns its problem or undefined. */
export function validateEmail(value: string): EmailProblem | undefined {
  return emailAddressProblem(value.trim());
}

/** Starts e-mail login; returns the input's problem, if any. */
export function connectWithEmail(value: string): EmailProblem | undefined {
  const invalid = validateEmail(value);
  if (invalid) return invalid;
  if (!handlers.email) {
    showError({ code: 'NO_AUTH_CONNECTOR' });
    return undefined;
  }
  run(handlers.email, value.trim());
  return undefined;
}

/** Connects through a connector's adapter; 'Adapter not found' when none is loaded for it. */
export function connectWithConnector(connectorId: string): void {
  const connector = $connectors.get().find((c) => c.id === connectorId);
  const handler = connector && (handlers.connector.get(connector.type) ?? (OWN_FLOW.has(connector.type) ? undefined : openConnecting));
  if (!connector || !handler) {
    showError({ code: 'ADAPTER_NOT_FOUND' });
    return;
  }
  run(handler, connector);
}

/** Runs a handler; a failure, thrown at once or rejected later, shows as an error toast. */
function run<A>(handler: Handler<A>, arg: A): void {
  try {
    void Promise.resolve(handler(arg)).catch((err: unknown) => showErrorOf(err));
  } catch (err) {
    showErrorOf(err);
  }
}

const GROUPS: Record<ConnectorTypeOrderItem, { types?: ConnectorType[]; tag?: string }> = {
  walletConnect: { types: ['WALLET_CONNECT'] },
  recent: { tag: 'Recent' },
  injected: { types: ['ANNOUNCED', 'INJECTED', 'MULTI_CHAIN'], tag: 'Installed' },
  featured: {},
  custom: {},
  external: { types: ['EXTERNAL'] },
  recommended: {},
};

/**
 * Orders the wallet list by the connector type order; each wallet appears once, in its first
 * group: a wallet with a connector in several namespaces (the same name) is one row (spec 9),
 * which connects every namespace. Recent ones (by id) form the 'recent' group. Auth connectors
 * are not wallets.
 */
export function sortConnectors(
  connectors: readonly Connector[],
  order: readonly ConnectorTypeOrderItem[],
  recent: readonly RecentWallet[],
): { connector: Connector; tag: string | undefined }[] {
  const out: { connector: Connector; tag: string | undefined }[] = [];
  const used = new Set<string>();
  const wallets = connectors.filter((c) => c.type !== 'AUTH');
  for (const group of order) {
    const { types, tag } = GROUPS[group];
    const members =
      group === 'recent'
        ? recent.map((r) => wallets.find((c) => c.id === r.id)).filter((c): c is Connector => !!c)
        : types
          ? wallets.filter((c) => types.includes(c.type))
          : [];
    for (const connector of members) {
      if (used.has(walletKey(connector))) continue;
      used.add(walletKey(connector));
      out.push({ connector, tag });
    }
  }
  return out;
}
