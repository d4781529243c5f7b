import type { ViewName } from '../core/views.js';
import { registerViews } from '../stores/router.js';
import { defineButtons } from './buttons/index.js';
import { defineModal } from './modal/modal.js';
import { definePrimitives } from './primitives/index.js';
import { VIEW_LOADERS } from './views/registry.js';
import './views/connect/connect-view.js';

/** Defines every w3-* element (idempotent: safe when two builds share a page). */
export function defineElements(): void {
  if (typeof customElements === 'undefined') return;
  definePrimitives();
  defineButtons();
  defineModal();
  registerViews(Object.keys(VIEW_LOADERS) as ViewName[]);
}
