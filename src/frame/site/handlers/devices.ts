/**
 * The account's devices in the frame (src/wire/devices-api.ts): list them, and remove one. A
 * removed device's sessions end on the server; when it is this device, the frame forgets its
 * session too (the device share stays: a new login on this device is approved by mail again).
 */
import { devicesReply, removeDeviceReply } from '../../../wire/devices-api.js';
import { forgetSession, requireSession } from '../session.js';
import type { Handlers } from './types.js';

export const deviceHandlers: Handlers<'ListDevices' | 'RemoveDevice'> = {
  async ListDevices(_payload, ctx) {
    await requireSession(ctx);
    return ctx.api.get('/devices', devicesReply);
  },

  async RemoveDevice({ id }, ctx) {
    await requireSession(ctx);
    const { signedOut } = await ctx.api.post('/devices/remove', { id }, removeDeviceReply);
    if (signedOut) await forgetSession(ctx);
    return { signedOut };
  },
};
