/**
 * The DOM events of <w3-modal> (DESIGN.md "Events"), in one table: each event's name, the store
 * event (src/stores/events.ts) it re-dispatches, and its detail type. The modal's event bridge
 * dispatches from it through `W3Element.emit()`, and `GlobalEventHandlersEventMap` is typed from
 * it (src/elements/base/w3-element.ts).
 */
import type { W3EventType } from '../../stores/app/events.js';

/** One row of the table: the store event, branded (type only) with the DOM event's detail. */
type ModalEventRow<Detail> = W3EventType & { readonly detail?: Detail };

const row = <Detail>(storeEvent: W3EventType) => storeEvent as ModalEventRow<Detail>;

export const MODAL_EVENTS = {
  'w3-open': row<{ view: string }>('MODAL_OPEN'),
  'w3-close': row<Record<string, never>>('MODAL_CLOSE'),
  // `restored`: true when a stored connection came back at load, false for a connection made now.
  'w3-connect': row<{ address: string; caipAddress: string; namespace: string; connectorId: string; restored: boolean }>('CONNECT_SUCCESS'),
  'w3-disconnect': row<{ namespace: string | undefined }>('DISCONNECT_SUCCESS'),
  'w3-network-change': row<{ caipNetworkId: string }>('NETWORK_CHANGE'),
  'w3-error': row<{ error: Error; message: string }>('ERROR'),
  'w3-siwx-sign-in': row<{ namespace: string; address: string; caipNetworkId: string }>('SIWX_AUTH_SUCCESS'),
  'w3-siwx-sign-out': row<{ namespace: string; address: string; caipNetworkId: string }>('SIWX_SIGN_OUT'),
};

export type ModalEventName = keyof typeof MODAL_EVENTS;

/** `w3-open` -> `CustomEvent<{ view: string }>`, and so on for every row. */
export type ModalEventMap = {
  [K in ModalEventName]: CustomEvent<NonNullable<(typeof MODAL_EVENTS)[K]['detail']>>;
};

/** The DOM event the modal fires for a store event, or undefined when it fires none. */
export function modalEventFor(storeEvent: W3EventType): ModalEventName | undefined {
  return (Object.keys(MODAL_EVENTS) as ModalEventName[]).find((name) => MODAL_EVENTS[name] === storeEvent);
}
