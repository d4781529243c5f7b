/** For the frame's node tests: a DeviceStore in memory (the shares kept in a Map the test can read). */
import type { DeviceStore } from '../device-store.js';

export function memoryDeviceStore(): DeviceStore & { shares: Map<string, Uint8Array> } {
  const shares = new Map<string, Uint8Array>();
  let token: string | undefined;
  let chainId: string | undefined;
  return {
    shares,
    deviceId: async () => 'device-0000000001',
    getToken: async () => token,
    setToken: async (next) => {
      token = next;
    },
    getChainId: async () => chainId,
    setChainId: async (next) => {
      chainId = next;
    },
    getDeviceShare: async (userId) => shares.get(userId)?.slice(),
    setDeviceShare: async (userId, share) => {
      shares.set(userId, share.slice());
    },
  };
}
