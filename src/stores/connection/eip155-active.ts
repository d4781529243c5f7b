/** The active eip155 wallet session: which connector, its provider, and how to stop its events. */
import type { Eip1193Provider } from '../../adapters/eip155/provider.js';

export interface ActiveSession {
  connectorId: string;
  provider: Eip1193Provider;
  stopEvents: () => void;
}

let active: ActiveSession | undefined;

export function activeSession(): ActiveSession | undefined {
  return active;
}

export function setActiveSession(next: ActiveSession | undefined): void {
  active = next;
}
