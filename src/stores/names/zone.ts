/**
 * The name registry's zone as the client knows it: the default until a reply of the registry
 * names the zone it serves (GET /v1/profile/suggestions answers it). No import of the names
 * wire schemas: the Account view reads this without loading the names code.
 */
import { atom } from 'nanostores';

/** DEFAULT_NAME_ZONE of src/wire/names-api.ts (a test keeps them equal). */
export const CLIENT_DEFAULT_ZONE = 'w3kit.id';

export const $nameZone = atom<string>(CLIENT_DEFAULT_ZONE);

/** Whether `name` (an account's profile name) is a name in the registry's zone. */
export function isZoneName(name: string | undefined): boolean {
  return name !== undefined && name.toLowerCase().endsWith(`.${$nameZone.get()}`);
}
