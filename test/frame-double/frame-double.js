/**
 * A TEST DOUBLE of the secure frame site, for the host bridge's browser tests: it speaks the
 * handshake and the port protocol of src/frame/messages.ts from a second origin, and answers
 * each request type in a fixed way so the tests can see every path (success, error replies,
 * malformed replies, no reply). `?projectId=silent` never says it is ready. It reports what it
 * received to the parent (`{ double: ... }`) so a test can tell whether a hello reached it.
 */
const params = new URLSearchParams(location.search);
const parentOrigin = location.ancestorOrigins[0];
const report = (what, extra = {}) => window.parent.postMessage({ double: what, ...extra }, parentOrigin);

let port;
const USER_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const reply = (id, type, payload) => port.postMessage({ kind: 'reply', id, type, ok: true, payload });
const fail = (id, type, error) => port.postMessage({ kind: 'reply', id, type, ok: false, error });

const answers = {
  ConnectEmail: (r) => reply(r.id, r.type, { action: r.payload.email.startsWith('new') ? 'VERIFY_DEVICE' : 'VERIFY_OTP' }),
  GetChainId: (r) => {
    port.postMessage({ kind: 'reply', id: r.id }); // malformed envelope
    port.postMessage('not an object');
    reply(r.id, r.type, { chainId: 12 }); // malformed result
    reply('no-such-id', r.type, { chainId: 'eip155:1' }); // a reply to nothing
    reply(r.id, r.type, { chainId: 'eip155:1' });
  },
  SignOut: (r) => fail(r.id, r.type, {}),
  SwitchNetwork: (r) => fail(r.id, r.type, { message: 'Unsupported chain', code: 4902 }),
  SyncTheme: (r) => {
    port.postMessage({ kind: 'event', type: 'Visibility', visible: 'yes' }); // malformed event
    port.postMessage({ kind: 'event', type: 'Height', height: 321 });
    reply(r.id, r.type, {});
  },
  Reload: (r) => reply(r.id, r.type, {}),
  ConnectOtp: (r) => (r.payload.otp === '123456' ? reply(r.id, r.type, {}) : fail(r.id, r.type, { message: 'Invalid code' })),
  GetUser: (r) =>
    reply(r.id, r.type, {
      email: 'ada@example.com',
      address: USER_ADDRESS,
      chainId: 'eip155:31337',
      accounts: [{ namespace: 'eip155', address: USER_ADDRESS, type: 'eoa' }],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    }),
  SyncDappData: (r) => reply(r.id, r.type, {}),
  // IsConnected, RpcRequest: never answered (the timeout and abort tests).
};

window.addEventListener('message', (event) => {
  if (event.source !== window.parent || event.origin !== parentOrigin) return;
  if (event.data?.w3kit !== 'host-hello' || !event.ports[0]) return;
  report('hello', { origin: event.origin });
  port = event.ports[0];
  port.onmessage = (e) => {
    const request = e.data;
    if (request?.kind === 'layout') return report('layout', { layout: request });
    report('request', { type: request.type, payload: request.payload });
    answers[request.type]?.(request);
  };
  port.postMessage({ kind: 'ack' });
});

if (params.get('projectId') !== 'silent') window.parent.postMessage({ w3kit: 'frame-ready', version: '1' }, parentOrigin);
