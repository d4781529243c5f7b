/**
 * The Devices view's backend: the devices the account's e-mail address approved, and their
 * removal. A device's id on the wire is a digest of its stored hash (never the stored hash, and
 * never the device's secret id); removal looks it up among the account's own devices. Removing a
 * device forgets its approval and ends its sessions, so its next request is refused and its next
 * e-mail login asks the mailbox again (../storage/auth-users.ts, `removeDevice`).
 */
import { createHash } from 'node:crypto';
import { DEVICES_MAX, type Device } from '../../../src/wire/devices-api.js';
import type { AuthContext } from './context.js';
import type { DeviceRow, SessionRow, UserRow } from './users.js';

const wireId = (deviceHash: string): string => createHash('sha256').update(`w3kit device ${deviceHash}`).digest('hex').slice(0, 32);

function wireDevice(row: DeviceRow, session: Pick<SessionRow, 'device_hash'>): Device {
  return {
    id: wireId(row.device_hash),
    ...(row.name ? { name: row.name } : {}),
    addedAt: row.approved_at,
    lastUsedAt: row.last_used_at ?? row.approved_at,
    current: row.device_hash === session.device_hash,
  };
}

export async function listDevices(ctx: AuthContext, user: UserRow, session: SessionRow): Promise<{ devices: Device[] }> {
  if (user.email === null) return { devices: [] };
  const rows = await ctx.users.devices(user.email, DEVICES_MAX);
  return { devices: rows.map((row) => wireDevice(row, session)) };
}

/** Notes that the session's device is in use (for 'last used'). */
export async function touchDevice(ctx: AuthContext, user: UserRow, session: SessionRow): Promise<void> {
  if (user.email !== null) await ctx.users.touchDevice(user.email, session.device_hash, ctx.now());
}

export async function removeDevice(ctx: AuthContext, user: UserRow, session: SessionRow, id: string): Promise<{ signedOut: boolean }> {
  if (user.email === null) return { signedOut: false };
  const row = (await ctx.users.devices(user.email, DEVICES_MAX)).find((d) => wireId(d.device_hash) === id);
  if (!row || !(await ctx.users.removeDevice(user.id, user.email, row.device_hash))) return { signedOut: false };
  return { signedOut: row.device_hash === session.device_hash };
}
