/**
 * The name registry's zone as the client knows it: the default (`w3kit.id`) until a reply of
 * the registry names the zone it serves (GET /v1/profile/suggestions answers it).
 */
import { atom } from 'nanostores';
import { DEFAULT_NAME_ZONE } from '../../wire/names-api.js';

export const $nameZone = atom<string>(DEFAULT_NAME_ZONE);

/** Whether `name` (an account's profile name) is a name in the registry's zone. */
export function isZoneName(name: string | undefined): boolean {
  return name !== undefined && name.toLowerCase().endsWith(`.${$nameZone.get()}`);
}
