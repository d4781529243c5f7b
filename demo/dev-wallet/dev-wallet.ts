/**
 * The 'w3kit Dev Wallet': an EIP-6963 wallet for the demo page, backed by local Hardhat nodes,
 * that asks the person at the keyboard before connecting, signing or sending.
 *
 * Bundled by scripts/bundle-demo-wallets.mjs to dist/demo/dev-wallet.js (a classic script):
 *
 *   <script src="/dev-wallet.js"></script>                         chain 31337 at 127.0.0.1:8545, 31338 at :8546
 *   <script src="/dev-wallet.js" data-rpc-url="http://127.0.0.1:9000" data-chain-id="31337"></script>
 *   <script src="/dev-wallet.js" data-rpc-urls='{"31337":"http://127.0.0.1:8545","31338":"http://127.0.0.1:8546"}'></script>
 *
 * Settings, later ones winning: the defaults, the script's data attributes (data-rpc-urls as JSON
 * or "31337=url,31338=url"; data-rpc-url for the starting chain; data-chain-id; data-accounts;
 * data-mode = prompt|approve|reject|hang; data-inject-window-ethereum), then
 * `window.W3KIT_DEV_WALLET = { rpcUrls, chainId, accounts, mode, name, rdns, injectWindowEthereum }`
 * set before the script runs. The wallet is `window.w3kitDevWallet`.
 *
 * The prompt is a small panel in its own shadow root: a modal <dialog> (top layer, so above any
 * page modal, whose content it makes inert meanwhile), labelled by its title, focus on Approve,
 * Tab cycles its two buttons, Escape rejects. Keyboard and focus events are kept from the page
 * while it is open (a page modal's focus trap would otherwise pull focus back).
 */
import { formatEther } from 'viem';
import {
  createTestWallet,
  describeMessage,
  type TestWallet,
  type TestWalletOptions,
  type WalletMode,
} from '../../test/fixtures/eip1193-wallet.js';
import { parseRpcUrls } from '../rpc-urls.js';

interface DevWalletSettings {
  rpcUrls: Record<number, string>;
  chainId: number;
  accounts?: number;
  mode?: WalletMode;
  name?: string;
  rdns?: string;
  injectWindowEthereum?: boolean;
}

declare global {
  interface Window {
    W3KIT_DEV_WALLET?: Partial<DevWalletSettings>;
    w3kitDevWallet?: TestWallet;
  }
}

const MODES: WalletMode[] = ['approve', 'reject', 'hang', 'prompt'];

function readSettings(script: HTMLOrSVGScriptElement | null): DevWalletSettings {
  const settings: DevWalletSettings = {
    rpcUrls: { 31337: 'http://127.0.0.1:8545', 31338: 'http://127.0.0.1:8546' },
    chainId: 31337,
    mode: 'prompt',
  };
  const data = script instanceof HTMLElement ? script.dataset : undefined;
  if (data) {
    if (data.chainId) settings.chainId = Number(data.chainId);
    if (data.rpcUrls) settings.rpcUrls = parseRpcUrls(data.rpcUrls);
    if (data.rpcUrl) settings.rpcUrls = { ...(data.rpcUrls ? settings.rpcUrls : {}), [settings.chainId]: data.rpcUrl };
    if (data.accounts) settings.accounts = Number(data.accounts);
    if (data.mode && MODES.includes(data.mode as WalletMode)) settings.mode = data.mode as WalletMode;
    if (data.injectWindowEthereum !== undefined) settings.injectWindowEthereum = data.injectWindowEthereum !== 'false';
  }
  const global = window.W3KIT_DEV_WALLET;
  if (global && typeof global === 'object') Object.assign(settings, global);
  return settings;
}

// ---- the prompt panel ----

const STYLE = `
  :host { all: initial; }
  dialog {
    position: fixed; inset: auto 16px 16px auto; margin: 0;
    width: min(380px, calc(100vw - 32px)); max-height: calc(100vh - 32px); overflow: auto; box-sizing: border-box;
    padding: 16px; border: 1px solid #c9c9d6; border-radius: 14px;
    background: #fff; color: #1c1c28; box-shadow: 0 12px 40px rgb(0 0 0 / 0.25);
    font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color-scheme: light;
  }
  dialog::backdrop { background: rgb(10 10 30 / 0.2); }
  header { display: flex; align-items: center; gap: 8px; font-size: 12px; color: #5b5b70; }
  header img { width: 20px; height: 20px; }
  h2 { margin: 8px 0 4px; font-size: 17px; }
  .origin { margin: 0 0 12px; color: #5b5b70; font-size: 12px; word-break: break-all; }
  dl { margin: 0 0 14px; display: grid; grid-template-columns: max-content 1fr; gap: 4px 10px; }
  dt { color: #5b5b70; }
  dd { margin: 0; word-break: break-all; font-variant-numeric: tabular-nums; }
  dd.block { grid-column: 1 / -1; }
  pre { margin: 0; padding: 8px; max-height: 180px; overflow: auto; white-space: pre-wrap; word-break: break-word;
        background: #f3f3f8; border-radius: 8px; font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
  .buttons { display: flex; gap: 8px; justify-content: flex-end; }
  button { font: inherit; font-weight: 600; padding: 8px 16px; border-radius: 10px; cursor: pointer; border: 1px solid #8b8ba0; background: #fff; color: #1c1c28; }
  button.approve { background: #4646c8; border-color: #4646c8; color: #fff; }
  button:focus-visible { outline: 3px solid #f0a020; outline-offset: 2px; }
  @media (prefers-color-scheme: dark) {
    dialog { background: #1f1f2b; color: #ececf4; border-color: #3a3a4c; color-scheme: dark; }
    header, .origin, dt { color: #a6a6bc; }
    pre { background: #2a2a39; }
    button { background: #2a2a39; color: #ececf4; border-color: #5b5b70; }
    button.approve { background: #6b6bf0; border-color: #6b6bf0; color: #fff; }
  }
`;

type Row = [label: string, value: string];
interface Described {
  title: string;
  rows: Row[];
  /** Long content (a message, typed data, params) under its own label. */
  block?: { label: string; text: string };
}

const short = (value: unknown, max = 2000): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return text.length > max ? `${text.slice(0, max)}…` : text;
};

function toBigInt(value: unknown): bigint {
  try {
    return value === undefined || value === null ? 0n : BigInt(value as string);
  } catch {
    return 0n;
  }
}

function describeRequest(wallet: TestWallet, method: string, params: unknown): Described {
  const list = Array.isArray(params) ? params : [];
  const network: Row = ['Network', `chain ${wallet.chainId}`];
  switch (method) {
    case 'eth_requestAccounts':
    case 'wallet_requestPermissions':
      return { title: 'Connect to this site?', rows: [['Account', wallet.account], network] };
    case 'personal_sign':
      return {
        title: 'Sign message',
        rows: [['Account', String(list[1])], network],
        block: { label: 'Message', text: short(describeMessage(list[0])) },
      };
    case 'eth_signTypedData_v3':
    case 'eth_signTypedData_v4': {
      let typed: { primaryType?: string; domain?: { name?: string; chainId?: unknown }; message?: unknown } = {};
      try {
        typed = typeof list[1] === 'string' ? JSON.parse(list[1]) : (list[1] as typeof typed);
      } catch {
        /* shown raw */
      }
      const rows: Row[] = [['Account', String(list[0])], network];
      if (typed.domain?.name) rows.push(['Domain', String(typed.domain.name)]);
      if (typed.domain?.chainId !== undefined) rows.push(['Chain', String(typed.domain.chainId)]);
      if (typed.primaryType) rows.push(['Type', typed.primaryType]);
      return { title: 'Sign typed data', rows, block: { label: 'Message', text: short(typed.message ?? list[1]) } };
    }
    case 'eth_sendTransaction':
    case 'eth_signTransaction': {
      const tx = (list[0] ?? {}) as Record<string, unknown>;
      const data = (tx.data ?? tx.input) as string | undefined;
      const rows: Row[] = [
        ['From', String(tx.from ?? wallet.account)],
        ['To', tx.to ? String(tx.to) : 'New contract'],
        ['Value', `${formatEther(toBigInt(tx.value))} ETH`],
        network,
      ];
      if (data && data !== '0x') rows.push(['Data', `${(data.length - 2) / 2} bytes`]);
      if (tx.gas) rows.push(['Gas limit', toBigInt(tx.gas).toString()]);
      return { title: method === 'eth_sendTransaction' ? 'Send transaction' : 'Sign transaction', rows };
    }
    case 'wallet_addEthereumChain': {
      const p = (list[0] ?? {}) as {
        chainId?: string;
        chainName?: string;
        rpcUrls?: string[];
        nativeCurrency?: { symbol?: string; decimals?: number };
      };
      return {
        title: 'Add network',
        rows: [
          ['Name', String(p.chainName)],
          ['Chain ID', p.chainId ? toBigInt(p.chainId).toString() : '?'],
          ['RPC', String(p.rpcUrls?.[0])],
          ['Currency', `${p.nativeCurrency?.symbol ?? '?'} (${p.nativeCurrency?.decimals ?? '?'} decimals)`],
        ],
      };
    }
    default:
      return { title: method, rows: [network], block: { label: 'Params', text: short(params ?? []) } };
  }
}

function createPrompt(getWallet: () => TestWallet): (request: { method: string; params: unknown }) => Promise<boolean> {
  let host: HTMLElement | undefined;
  let dialog: HTMLDialogElement | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const build = (): HTMLDialogElement => {
    host = document.createElement('div');
    host.id = 'w3kit-dev-wallet';
    const root = host.attachShadow({ mode: 'open' });
    // Keep focus changes inside the panel from the page (a page modal's focus trap listens on document).
    for (const type of ['focusin', 'focusout']) host.addEventListener(type, (e) => e.stopPropagation());
    const style = document.createElement('style');
    style.textContent = STYLE;
    const d = document.createElement('dialog');
    d.setAttribute('aria-labelledby', 'w3dw-title');
    d.setAttribute('aria-describedby', 'w3dw-details');
    root.append(style, d);
    (document.body ?? document.documentElement).append(host);
    return d;
  };

  const show = (request: { method: string; params: unknown }): Promise<boolean> =>
    new Promise<boolean>((resolve) => {
      dialog ??= build();
      if (!host!.isConnected) (document.body ?? document.documentElement).append(host!);
      const wallet = getWallet();
      const { title, rows, block } = describeRequest(wallet, request.method, request.params);
      const d = dialog;
      d.replaceChildren();

      const header = document.createElement('header');
      const icon = document.createElement('img');
      icon.src = wallet.info.icon;
      icon.alt = '';
      header.append(icon, document.createTextNode(wallet.info.name));
      const h2 = document.createElement('h2');
      h2.id = 'w3dw-title';
      h2.textContent = title;
      const origin = document.createElement('p');
      origin.className = 'origin';
      origin.textContent = `${location.origin} · ${request.method}`;
      const details = document.createElement('dl');
      details.id = 'w3dw-details';
      for (const [label, value] of rows) {
        const dt = document.createElement('dt');
        dt.textContent = label;
        const dd = document.createElement('dd');
        dd.textContent = value;
        details.append(dt, dd);
      }
      if (block) {
        const dt = document.createElement('dt');
        dt.textContent = block.label;
        const dd = document.createElement('dd');
        dd.className = 'block';
        const pre = document.createElement('pre');
        pre.textContent = block.text;
        pre.tabIndex = 0; // scrollable: reachable by keyboard
        pre.setAttribute('aria-label', block.label);
        dd.append(pre);
        details.append(dt, dd);
      }
      const buttons = document.createElement('div');
      buttons.className = 'buttons';
      const reject = document.createElement('button');
      reject.type = 'button';
      reject.textContent = 'Reject';
      const approve = document.createElement('button');
      approve.type = 'button';
      approve.className = 'approve';
      approve.textContent = 'Approve';
      approve.autofocus = true;
      buttons.append(reject, approve);
      d.append(header, h2, origin, details, buttons);

      let settled = false;
      const finish = (ok: boolean): void => {
        if (settled) return;
        settled = true;
        window.removeEventListener('keydown', onKey, true);
        d.removeEventListener('cancel', onCancel);
        if (d.open) d.close();
        resolve(ok);
      };
      const focusables = (): HTMLElement[] => [...d.querySelectorAll<HTMLElement>('pre, button')];
      // Capture on window runs before the page's document-level handlers.
      const onKey = (e: KeyboardEvent): void => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopImmediatePropagation();
          finish(false);
        } else if (e.key === 'Tab') {
          e.preventDefault();
          e.stopImmediatePropagation();
          const items = focusables();
          const at = items.indexOf(host!.shadowRoot!.activeElement as HTMLElement);
          const next = e.shiftKey ? (at <= 0 ? items.length - 1 : at - 1) : (at + 1) % items.length;
          items[next]?.focus();
        }
      };
      const onCancel = (e: Event): void => {
        e.preventDefault();
        finish(false);
      };
      reject.addEventListener('click', () => finish(false));
      approve.addEventListener('click', () => finish(true));
      d.addEventListener('cancel', onCancel);
      window.addEventListener('keydown', onKey, true);
      try {
        d.showModal();
      } catch {
        d.show();
      }
      approve.focus();
    });

  return (request) => {
    const next = queue.then(() => show(request));
    queue = next.catch(() => undefined);
    return next;
  };
}

// ---- start ----

const settings = readSettings(document.currentScript);
const options: TestWalletOptions = {
  rpcUrls: settings.rpcUrls,
  chainId: settings.chainId,
  ...(settings.accounts ? { accounts: settings.accounts } : {}),
  name: settings.name ?? 'w3kit Dev Wallet',
  rdns: settings.rdns ?? 'dev.w3kit.devwallet',
  injectWindowEthereum: settings.injectWindowEthereum ?? false,
  prompt: createPrompt(() => wallet),
};
const wallet: TestWallet = createTestWallet(options);
wallet.setMode(settings.mode ?? 'prompt');
window.w3kitDevWallet = wallet;
