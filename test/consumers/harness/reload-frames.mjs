/**
 * What a reload while connected paints, frame by frame: an init script (it runs before the page's
 * own scripts) samples the page's first <w3-button> on every animation frame from the first one
 * it is painted in (visible): its state (not yet defined, empty, 'Connect Wallet', the restoring account, the account)
 * and its box. Read the frames after the account is restored, and check them with
 * `noFlashProblems`. Also the console's hydration complaints (React #418, #423, "hydration").
 */

/** Installs the sampler in every document the context loads from now on (before its scripts). */
export async function sampleButtonFrames(context) {
  await context.addInitScript(() => {
    const frames = [];
    Object.assign(window, { __W3_FRAMES__: frames });
    const inner = (host, tag) => host.shadowRoot?.querySelector(tag)?.shadowRoot?.querySelector('button') ?? null;
    const tick = () => {
      const button = document.querySelector('w3-button');
      // Not painted yet: a streamed server render keeps it in a hidden container until it is revealed.
      if (button?.checkVisibility()) {
        const account = inner(button, 'w3-account-button');
        const connect = inner(button, 'w3-connect-button');
        const state = !customElements.get('w3-button')
          ? 'undefined'
          : account
            ? account.hasAttribute('data-restoring')
              ? 'restoring'
              : 'account'
            : connect
              ? connect.getAttribute('aria-busy') === 'true'
                ? 'connecting'
                : 'connect'
              : 'empty';
        const { width, height } = button.getBoundingClientRect();
        const balance = account?.querySelector('[data-balance]')?.getAttribute('data-balance') ?? null;
        frames.push({ state, balance, width: Math.round(width * 10) / 10, height: Math.round(height * 10) / 10 });
        if (state === 'account' && frames.filter((f) => f.state === 'account').length > 3) return;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** The frames sampled in the page's current document. */
export const readButtonFrames = (page) => page.evaluate(() => window.__W3_FRAMES__ ?? []);

/**
 * What is wrong with the frames of a reload while connected: a frame with 'Connect Wallet' (or
 * 'Connecting...', or an empty button), a first rendered frame that is not the (restoring) account,
 * a height that changes, or a width that changes between the restoring and the restored account
 * while its balance is still to come (the figure arriving may widen it, as on any connection).
 */
export function noFlashProblems(frames) {
  const problems = [];
  const states = frames.map((f) => f.state);
  if (!states.includes('account')) problems.push('the account was never restored');
  for (const bad of ['connect', 'connecting', 'empty'])
    if (states.includes(bad)) problems.push(`${states.filter((s) => s === bad).length} frame(s) showed "${bad}"`);
  const rendered = frames.filter((f) => f.state !== 'undefined');
  // The restoring account, or already the account when the wallet answered before the first frame.
  if (rendered[0] && rendered[0].state !== 'restoring' && rendered[0].state !== 'account')
    problems.push(`the first rendered frame showed "${rendered[0].state}"`);
  const heights = new Set(frames.map((f) => f.height));
  if (heights.size > 1) problems.push(`the height changed: ${[...heights].join(' → ')} px`);
  const pending = rendered.filter(
    (f) => f.state === 'restoring' || (f.state === 'account' && f.balance !== 'ready' && f.balance !== 'unavailable'),
  );
  const widths = new Set(pending.map((f) => f.width));
  if (widths.size > 1) problems.push(`the width changed between the restoring and the restored account: ${[...widths].join(' → ')} px`);
  return problems.length ? `${problems.join('; ')} (frames: ${JSON.stringify(frames)})` : undefined;
}

const HYDRATION = /#418|#423|hydrat/i;

/** Console messages and page errors that tell of a hydration mismatch. */
export const hydrationComplaints = (consoleMessages, errors) => [
  ...consoleMessages.filter((m) => HYDRATION.test(m.text)).map((m) => `${m.type}: ${m.text}`),
  ...errors.filter((e) => HYDRATION.test(e)),
];
