/**
 * Sign in with X in the React demo: off, in the browser or through the backend, and required or
 * not, chosen in the URL (`?siwx=server&required=1`) so a reload keeps it; and the connected
 * account's sessions, read again on sign-in and sign-out.
 */
import { useEffect, useState } from 'react';
import { getInstance } from '../../src/index.js';
import { createBrowserSiwx, createServerSiwx, type SIWXConfig, type SIWXSession } from '../../src/siwx/index.js';
import { useW3Account, useW3Network } from '../../src/react/index.js';

type SiwxMode = 'browser' | 'server';
const params = new URLSearchParams(location.search);
const MODE: SiwxMode | undefined =
  params.get('siwx') === 'browser' || params.get('siwx') === 'server' ? (params.get('siwx') as SiwxMode) : undefined;
const REQUIRED = params.get('required') === '1';
const STATEMENT = 'Sign in to the w3kit React demo';
const SIWX_EVENTS: ReadonlySet<string> = new Set(['SIWX_AUTH_SUCCESS', 'SIWX_SIGN_OUT']);

/** The siwx object the URL asks for (the backend one needs `npm start`'s backend), else undefined. */
export function siwxFromUrl(backend: { apiUrl?: string | undefined; projectId?: string | undefined }): SIWXConfig | undefined {
  if (MODE === 'server' && backend.apiUrl && backend.projectId)
    return createServerSiwx({ apiUrl: backend.apiUrl, projectId: backend.projectId, required: REQUIRED, statement: STATEMENT });
  if (MODE) return createBrowserSiwx({ required: REQUIRED, statement: STATEMENT });
  return undefined;
}

/** The instance's session reader (the modal's `getSiwxSessions`). */
type SiwxReader = { getSiwxSessions?: () => Promise<SIWXSession[]> };

function reload(mode: string, required: boolean): void {
  const next = new URLSearchParams(location.search);
  if (mode) next.set('siwx', mode);
  else next.delete('siwx');
  if (required) next.set('required', '1');
  else next.delete('required');
  location.search = next.toString();
}

export function SiwxPanel() {
  const account = useW3Account();
  const { caipNetworkId } = useW3Network();
  const [changes, setChanges] = useState(0);
  const [sessions, setSessions] = useState<SIWXSession[]>([]);
  const [error, setError] = useState<string | undefined>();

  useEffect(
    () =>
      getInstance().subscribeEvents((event) => {
        if (SIWX_EVENTS.has(event.type)) setChanges((n) => n + 1);
      }),
    [],
  );
  useEffect(() => {
    if (!MODE) return;
    let live = true;
    const reader = (getInstance() as unknown as SiwxReader).getSiwxSessions;
    (reader ? reader() : Promise.reject(new Error('this build has no getSiwxSessions'))).then(
      (list) => live && (setSessions(list), setError(undefined)),
      (err: unknown) => live && (setSessions([]), setError(err instanceof Error ? err.message : String(err))),
    );
    return () => {
      live = false;
    };
  }, [account.address, caipNetworkId, changes]);

  return (
    <section aria-labelledby="siwx-title" className="panel">
      <h2 id="siwx-title">Sign in with X</h2>
      {/* Radio buttons, not a select: the demo's one select is the network switch. */}
      <fieldset className="row">
        <legend>Mode</legend>
        {(
          [
            ['', 'Off'],
            ['browser', 'Browser'],
            ['server', 'Backend'],
          ] as const
        ).map(([value, label]) => (
          <label key={value}>
            <input type="radio" name="siwx-mode" value={value} checked={(MODE ?? '') === value} onChange={() => reload(value, REQUIRED)} />{' '}
            {label}
          </label>
        ))}
        <label>
          <input type="checkbox" checked={REQUIRED} onChange={(e) => reload(MODE ?? '', e.target.checked)} /> Required
        </label>
      </fieldset>
      {MODE ? (
        <ul data-testid="siwx-sessions" style={{ overflowWrap: 'anywhere' }}>
          {error ? <li>Could not read the sessions: {error}</li> : null}
          {!error && sessions.length === 0 ? <li>None</li> : null}
          {sessions.map((s) => (
            <li key={`${s.data.chainId}:${s.data.nonce}`}>
              {s.data.chainId} · {s.data.accountAddress} · nonce {s.data.nonce} · until{' '}
              {s.data.expirationTime ? new Date(s.data.expirationTime).toLocaleString() : 'no expiry'}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
