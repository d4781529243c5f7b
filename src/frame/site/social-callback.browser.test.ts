/**
 * The social login popup's callback script in Chromium: opened as a real popup on another origin
 * (the test page's host swapped between localhost and 127.0.0.1), it posts the result to its
 * opener only when the opener's origin is the target, and closes.
 */
import { sendMouse } from '@web/test-runner-commands';
import { expect } from 'chai';

const otherHost = location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
const popupOrigin = `${location.protocol}//${otherHost}:${location.port}`;
const OK = { w3kit: 'social-result', ok: true };
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens the callback page with `data` on a real click (so no popup blocker stops it). */
async function openCallback(data: unknown): Promise<Window> {
  const url = `${popupOrigin}/src/frame/site/test-utils/social-callback.html#${encodeURIComponent(JSON.stringify(data))}`;
  let popup: Window | null = null;
  const button = document.createElement('button');
  button.textContent = 'Open';
  button.style.cssText = 'position:fixed;left:0;top:0;width:100px;height:40px';
  button.addEventListener('click', () => {
    popup = window.open(url, '_blank', 'popup,width=600,height=800');
  });
  document.body.append(button);
  await sendMouse({ type: 'click', position: [50, 20] });
  button.remove();
  if (!popup) throw new Error('the popup did not open');
  return popup;
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await tick(50);
  }
  return check();
}

describe('social callback page', () => {
  const received: MessageEvent[] = [];
  const listener = (event: MessageEvent) => received.push(event);
  beforeEach(() => {
    received.length = 0;
    window.addEventListener('message', listener);
  });
  afterEach(() => window.removeEventListener('message', listener));

  it("posts the result to the opener at the pinned origin, from the frame's origin, then closes", async () => {
    const popup = await openCallback({ target: location.origin, result: { ...OK, token: 'never-forwarded' } });
    expect(await until(() => received.length > 0, 8_000)).to.equal(true);
    expect(received[0]!.origin).to.equal(popupOrigin);
    expect(received[0]!.data).to.deep.equal(OK);
    expect(await until(() => popup.closed, 3_000)).to.equal(true);
  });

  it('posts nothing this page can read when the target is another origin', async () => {
    const popup = await openCallback({ target: 'http://elsewhere.test', result: OK });
    // It posted (to an origin that is not this page's, which the browser drops) and closed.
    expect(await until(() => popup.closed, 8_000)).to.equal(true);
    await tick(300);
    expect(received).to.have.length(0);
  });

  it("never posts with '*' as the target: the page stays open and posts nothing", async () => {
    const popup = await openCallback({ target: '*', result: OK });
    await tick(1_500);
    expect(popup.closed).to.equal(false);
    expect(received).to.have.length(0);
    popup.close();
  });
});
