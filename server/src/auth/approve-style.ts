/**
 * The device-approval page's look: the frame's own defaults (src/frame/site/frame.css: its
 * colours, the 12 px card and 10 px button radius, the system font stack), light or dark by the
 * visitor's prefers-color-scheme, logical properties only so right-to-left locales mirror. One
 * inline <style>, allowed by its hash in the page's CSP (no other style, no script).
 */
import { createHash } from 'node:crypto';

export const APPROVE_STYLE = `
:root {
  --bg: #ffffff; --fg: #141414; --muted: #5f6368; --border: #e2e4e8; --accent: #3b6cf6; --page: #f4f5f7;
  color-scheme: light dark;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
}
@media (prefers-color-scheme: dark) {
  :root { --bg: #1b1c1f; --fg: #f1f2f4; --muted: #a3a7ae; --border: #33363b; --page: #111214; }
}
body { margin: 0; padding: 24px 16px; background: var(--page); color: var(--fg); }
main {
  box-sizing: border-box; max-width: 440px; margin: 0 auto; padding: 16px;
  background: var(--bg); border: 1px solid var(--border); border-radius: 12px;
  font-size: 14px; line-height: 1.4;
}
h1 { margin: 0 0 12px; font-size: 18px; font-weight: 600; }
p { margin: 0 0 12px; }
ul { margin: 0 0 12px; padding-inline-start: 20px; color: var(--muted); }
form { margin: 0 0 12px; }
button {
  width: 100%; padding: 10px 14px; border-radius: 10px; border: 1px solid var(--accent);
  color: #ffffff; background: var(--accent); font: inherit; cursor: pointer;
}
button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
`;

/** The CSP source that allows exactly this style. */
export const APPROVE_STYLE_SOURCE = `'sha256-${createHash('sha256').update(APPROVE_STYLE).digest('base64')}'`;
