/**
 * What the embedded wallet's end-to-end tests do in and around the page: record every message it
 * receives (to prove no token or key reaches it), call a chain's JSON-RPC, start a request that
 * waits for the frame's approval, and drive Chromium's virtual authenticator (WebAuthn with PRF).
 */
import type { CDPSession, Page } from 'playwright-core';

/** Records every message the page receives, on the window and on every MessageChannel port it makes (an init script). */
export function recordMessages(): void {
  const w = window as unknown as { __received: string[] };
  w.__received = [];
  const keep = (data: unknown) => {
    try {
      w.__received.push(JSON.stringify(data));
    } catch {
      w.__received.push(String(data));
    }
  };
  window.addEventListener('message', (e) => keep(e.data), true);
  const Original = window.MessageChannel;
  window.MessageChannel = class extends Original {
    constructor() {
      super();
      this.port1.addEventListener('message', (e) => keep(e.data));
    }
  };
}

/** Everything the page received so far, lowercased, one message per line. */
export const receivedByPage = async (p: Page): Promise<string> =>
  (await p.evaluate(() => ((window as any).__received as string[] | undefined) ?? [])).join('\n').toLowerCase();

export const rpc = async (url: string, method: string, params: unknown[]) =>
  (await (
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
  ).json()) as { result: unknown };

/** Starts a request in the page (it may wait for an approval); returns a function that awaits its outcome. */
export async function startRequest(p: Page, expression: string): Promise<() => Promise<{ ok: boolean; value: string }>> {
  const id = Math.random().toString(36).slice(2);
  await p.evaluate(
    ([key, code]: string[]) => {
      const w = window as any;
      w.__pending ??= {};
      w.__pending[key!] = new Function('modal', `return ${code}`)(w.modal).then(
        (value: unknown) => ({ ok: true, value: String(value) }),
        (err: { message?: string; code?: number }) => ({ ok: false, value: `${err.code ?? ''} ${err.message ?? err}` }),
      );
    },
    [id, expression],
  );
  return () => p.evaluate((key) => (window as any).__pending[key], id);
}

/**
 * A virtual platform authenticator (CTAP2, internal, resident keys, user verification, PRF) for
 * the page and the frames inside it, answering by itself as a person touching it would.
 */
export async function addAuthenticator(p: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await p.context().newCDPSession(p);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      hasPrf: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** Clears every kind of storage of these origins (a new device, as far as the sites can tell). */
export async function clearOrigins(cdp: CDPSession, origins: string[]): Promise<void> {
  for (const origin of origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
}
