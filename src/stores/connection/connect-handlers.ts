import type { Connector, ConnectorType } from './connectors.js';

export type Handler<A> = (arg: A) => Promise<void> | void;

/**
 * Connect handlers registered by the connectors with their own flow (WalletConnect, auth) as they
 * load. Apart from connect.ts, which runs them: the first chunk registers WalletConnect's at
 * configure, the actions that run them load with the views.
 */
export const handlers: {
  connector: Map<ConnectorType, Handler<Connector>>;
  email?: Handler<string>;
} = { connector: new Map() };

export function registerConnectorHandler(type: ConnectorType, handler: Handler<Connector>): () => void {
  handlers.connector.set(type, handler);
  return () => handlers.connector.delete(type);
}

/**
 * The embedded wallet's e-mail login. Social login has no handler: the views call the lazy
 * `stores/embedded/social.ts` straight from the click, which must open the popup synchronously.
 */
export function registerEmailHandler(email: Handler<string> | undefined): void {
  handlers.email = email;
}
