/**
 * The views that have an element (first chunk): their names, for the router, and the Connect
 * view's loader, for the idle prefetch. Every view's loader is in `./registry.ts`, which the
 * modal's lazy shell imports, so the first chunk carries no lazy chunk's file name but Connect's.
 */
import { VIEWS, type ViewName } from '../../core/views.js';

/** The named views no element renders yet (the later issues build them). */
const NOT_BUILT = [] as const;

export type AvailableView = Exclude<ViewName, (typeof NOT_BUILT)[number]>;

/** Every named view but those (the list of names is already in the first chunk: only the exceptions are added). */
export const AVAILABLE_VIEWS = VIEWS.filter((v): v is AvailableView => !(NOT_BUILT as readonly string[]).includes(v));

/** The Connect view's module (a lazy chunk): what an open shows first. */
export const loadConnectView = () => import('./connect/connect-view.js');
