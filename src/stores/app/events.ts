import { atom } from 'nanostores';

export type W3EventType =
  | 'MODAL_CREATED'
  | 'MODAL_OPEN'
  | 'MODAL_CLOSE'
  | 'CONNECT_SUCCESS'
  | 'DISCONNECT_SUCCESS'
  | 'NETWORK_CHANGE'
  | 'ERROR'
  | 'VIEW_CHANGE'
  /** Sign in with X: a session was added ({ namespace, address, caipNetworkId }). */
  | 'SIWX_AUTH_SUCCESS'
  /** Sign in with X failed: getSessions, createMessage, the signature or addSession ({ message }). */
  | 'SIWX_AUTH_ERROR'
  /** Sign in with X: the session was revoked on disconnect ({ namespace, address, caipNetworkId }). */
  | 'SIWX_SIGN_OUT';

export interface W3Event {
  type: W3EventType;
  data: Record<string, unknown>;
  timestamp: number;
}

/** The latest event; `subscribeEvents` listens to it. */
export const $lastEvent = atom<W3Event | undefined>(undefined);

export function emitEvent(type: W3EventType, data: Record<string, unknown> = {}): W3Event {
  const event: W3Event = { type, data, timestamp: Date.now() };
  $lastEvent.set(event);
  return event;
}
