/**
 * The embedded wallet's device routes, under /auth/v1 on the frame origin (see ./auth-api.ts for
 * the common rules). A device is a browser the account's e-mail address approved (through the
 * approval mail, or as the first device of a new account); its id here is an opaque digest of the
 * stored one, never the device's secret id nor its stored hash.
 *
 * - GET /devices (session) -> { devices }: the most recently used first, at most DEVICES_MAX;
 *   `current` marks the session's own device.
 * - POST /devices/remove (session) { id } -> { signedOut }: forgets the device and ends its
 *   sessions, so its next request is refused (401) and its next login asks for approval again;
 *   `signedOut` when it was the session's own device. Removing a device that is gone already (another
 *   tab removed it) changes nothing and answers { signedOut: false }.
 */
import * as z from 'zod/mini';

export const DEVICES_MAX = 50;

const deviceId = z.string().check(z.regex(/^[0-9a-f]{32}$/));

export const device = z.object({
  id: deviceId,
  /** 'Firefox on Windows' (from the approving login's User-Agent, by an allowlist); absent for devices approved before names were kept. */
  name: z.optional(z.string().check(z.maxLength(64))),
  /** When the device was approved (ms since the epoch). */
  addedAt: z.number(),
  /** When a login or session of the device was last seen (ms since the epoch). */
  lastUsedAt: z.number(),
  current: z.boolean(),
});
export type Device = z.infer<typeof device>;

export const devicesReply = z.object({ devices: z.array(device).check(z.maxLength(DEVICES_MAX)) });
export const removeDeviceBody = z.object({ id: deviceId });
export const removeDeviceReply = z.object({ signedOut: z.boolean() });
