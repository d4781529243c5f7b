/** Types for redis.mjs. */
export interface RunningRedis {
  url: string;
  port: number;
  /** Its temp folder, removed by stop(). */
  dir: string;
  /** How it was found or got, e.g. `found /usr/bin/redis-server`. */
  how: string;
  /** Milliseconds from the call to a PONG. */
  ms: number;
  stop(): Promise<void>;
}

export const NO_REDIS: string;
export function findInstalled(env?: Record<string, string | undefined>): { bin: string; how: string } | undefined;
export function getRedis(only?: string): Promise<{ bin: string; how: string }>;
export function pings(port: number): Promise<boolean>;
export function startRedis(): Promise<RunningRedis>;
