/**
 * The views that have an element (first chunk): their names, for the router, and the Connect
 * view's loader, for the idle prefetch. Every view's loader is in `./registry.ts`, which the
 * modal's lazy shell imports, so the first chunk carries no lazy chunk's file name but Connect's.
 */
import { VIEWS, type ViewName } from '../../core/views.js';

/** Every named view has an element (issue 19 built the last ones): the router offers them all. */
export type AvailableView = ViewName;
export const AVAILABLE_VIEWS: readonly AvailableView[] = VIEWS;

/** The Connect view's module (a lazy chunk): what an open shows first. */
export const loadConnectView = () => import('./connect/connect-view.js');
