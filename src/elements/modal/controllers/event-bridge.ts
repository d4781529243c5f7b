/**
 * Re-dispatches the store's events as the modal's DOM events (DESIGN.md "Events"): while the host
 * is connected, each store event with a row in MODAL_EVENTS fires on it through `emit()`
 * (bubbling, composed), its data as the detail, unless `enabled()` says no (a second, inert modal).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { $lastEvent } from '../../../stores/app/events.js';
import { modalEventFor, type ModalEventMap, type ModalEventName } from '../../base/events.js';
import type { W3Element } from '../../base/w3-element.js';

export class EventBridgeController implements ReactiveController {
  private stop: (() => void) | undefined;

  constructor(
    private readonly host: ReactiveControllerHost & W3Element,
    private readonly enabled: () => boolean = () => true,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.stop = $lastEvent.listen((event) => {
      const name = event && modalEventFor(event.type);
      if (name && this.enabled()) this.host.emit(name, event.data as ModalEventMap[ModalEventName]['detail']);
    });
  }

  hostDisconnected(): void {
    this.stop?.();
    this.stop = undefined;
  }
}
