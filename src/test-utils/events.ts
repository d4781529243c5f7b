import { $lastEvent, type W3Event } from '../stores/app/events.js';

/** Records every store event from now on (tests); `stop()` ends it. */
export function recordEvents(): { events: W3Event[]; stop: () => void } {
  $lastEvent.set(undefined);
  const events: W3Event[] = [];
  const stop = $lastEvent.listen((e) => {
    if (e) events.push(e);
  });
  return { events, stop };
}
