import type { SocialProvider } from '../../core/options.js';
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
  social?: Handler<SocialProvider>;
} = { connector: new Map() };

export function registerConnectorHandler(type: ConnectorType, handler: Handler<Connector>): () => void {
  handlers.connector.set(type, handler);
  return () => handlers.connector.delete(type);
}

export function registerAuthHandlers(email: Handler<string>, social: Handler<SocialProvider>): void {
  handlers.email = email;
  handlers.social = social;
}

/** The embedded wallet's e-mail login (social login comes with part 2 and registers both). */
export function registerEmailHandler(email: Handler<string> | undefined): void {
  handlers.email = email;
}
