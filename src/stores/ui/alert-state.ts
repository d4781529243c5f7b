import { atom } from 'nanostores';
import type { AlertState } from './alerts.js';

/** The alert the modal shows; the catalogue and the actions (./alerts.js) load with the code that shows one. */
export const $alert = atom<AlertState | undefined>(undefined);
