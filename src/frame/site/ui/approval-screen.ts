/**
 * The approval screen: "<app> asks you to", then one heading saying what is asked ('Sign
 * message', 'Approve transaction', 'Approve {count} transactions'), its details (labelled rows;
 * typed data as a tree, domain first; batched calls as one numbered list; a message as text),
 * and the frame's own Approve and Reject buttons, which accept only trusted clicks. Approve
 * counts only once the screen has been fully visible and still for 500 ms (the click guard,
 * ../guard); until then it is disabled and the line above it says why. Texts are in the view's
 * locale (../approval-texts.ts); everything shown is text, never HTML.
 */
import { approvalTexts } from '../approval-texts.js';
import type { ApprovalPrompt, ApprovalRow, ApprovalTree, ApprovalView } from '../context.js';
import type { ClickGuard } from '../guard/click-guard.js';
import { el, trustedButton, type Surface } from './surface.js';

function rowList(rows: ApprovalRow[]): HTMLElement {
  const list = el('dl', 'rows');
  for (const row of rows) list.append(el('dt', 'label', row.label), el('dd', 'value', row.value));
  return list;
}

function treeList(nodes: ApprovalTree[]): HTMLElement {
  const list = el('ul', 'tree');
  for (const node of nodes) {
    const item = el('li', 'node');
    item.append(el('span', 'key', node.label));
    if (node.value !== undefined) item.append(el('span', 'value', node.value));
    if (node.children) item.append(treeList(node.children));
    list.append(item);
  }
  return list;
}

/** The details under the heading, in the order the view gives them. */
function details(view: ApprovalView): HTMLElement[] {
  const parts: HTMLElement[] = [];
  if (view.note !== undefined) parts.push(el('p', 'note', view.note));
  if (view.items?.length) {
    const calls = el('ol', 'calls');
    for (const rows of view.items) {
      const item = el('li', 'call');
      item.append(rowList(rows));
      calls.append(item);
    }
    parts.push(calls);
  }
  if (view.rows.length) parts.push(rowList(view.rows));
  if (view.tree?.length) {
    const tree = treeList(view.tree);
    tree.tabIndex = 0;
    parts.push(tree);
  }
  if (view.body !== undefined) {
    const body = el('pre', 'body', view.body);
    body.tabIndex = 0;
    parts.push(body);
  }
  return parts;
}

export function createApprovalScreen(surface: Surface, guard: ClickGuard): ApprovalPrompt {
  let shown: HTMLElement | undefined;
  let unguard: (() => void) | undefined;
  return {
    show(view: ApprovalView, appName: string) {
      return new Promise<boolean>((resolve) => {
        const texts = approvalTexts(view.locale);
        const card = el('section', 'card approval');
        card.setAttribute('aria-label', view.title);
        card.append(el('p', 'asker', `${appName} ${texts.asksTo}`), el('h1', 'title', view.title), ...details(view));
        const finish = (approved: boolean) => {
          if (shown !== card) return;
          resolve(approved);
        };
        const actions = el('div', 'actions');
        const hold = el('p', 'hold');
        hold.setAttribute('role', 'status');
        const approve = el('button', 'primary', texts.approve);
        approve.type = 'button';
        actions.append(
          trustedButton(texts.reject, 'secondary', () => finish(false)),
          approve,
        );
        card.append(hold, actions);
        unguard?.();
        shown = card;
        surface.show(card);
        unguard = guard.guard(card, approve, hold, () => finish(true));
      });
    },
    hide() {
      unguard?.();
      unguard = undefined;
      if (shown) surface.hide(shown);
      shown = undefined;
    },
  };
}
