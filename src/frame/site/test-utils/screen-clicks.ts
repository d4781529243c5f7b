/**
 * For the frame's browser tests (*.browser.test.ts): finding a screen's button by its text, and
 * clicking an element as a person does (a real mouse click at its middle, which the click guard
 * accepts; a scripted `.click()` it refuses).
 */
import { sendMouse } from '@web/test-runner-commands';

/** The button of `root` whose text is `name`; throws when there is none. */
export function button(root: HTMLElement, name: string): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

/** A real mouse click at the middle of `target`. */
export async function realClick(target: Element): Promise<void> {
  const rect = target.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(rect.x + rect.width / 2), Math.round(rect.y + rect.height / 2)] });
}
