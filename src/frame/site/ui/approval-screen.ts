/**
 * The approval screen: "<app> asks you to" what the request does in plain words, its details,
 * and the frame's own Approve and Reject buttons, which accept only trusted clicks. Approve
 * counts only once the screen has been fully visible and still for 500 ms (the click guard,
 * ../guard); until then it is disabled and the line above it says why.
 */
import type { ApprovalPrompt, ApprovalView } from '../context.js';
import type { ClickGuard } from '../guard/click-guard.js';
import { FRAME_TEXTS } from '../texts.js';
import { el, trustedButton, type Surface } from './surface.js';

export function createApprovalScreen(surface: Surface, guard: ClickGuard): ApprovalPrompt {
  let shown: HTMLElement | undefined;
  let unguard: (() => void) | undefined;
  return {
    show(view: ApprovalView, appName: string) {
      return new Promise<boolean>((resolve) => {
        const card = el('section', 'card approval');
        card.setAttribute('aria-label', view.title);
        card.append(el('p', 'asker', `${appName} ${FRAME_TEXTS.asksTo}`), el('h1', 'title', view.title));
        if (view.rows.length) {
          const list = el('dl', 'rows');
          for (const row of view.rows) list.append(el('dt', 'label', row.label), el('dd', 'value', row.value));
          card.append(list);
        }
        if (view.body !== undefined) {
          const body = el('pre', 'body', view.body);
          body.tabIndex = 0;
          card.append(body);
        }
        const finish = (approved: boolean) => {
          if (shown !== card) return;
          resolve(approved);
        };
        const actions = el('div', 'actions');
        const hold = el('p', 'hold');
        hold.setAttribute('role', 'status');
        const approve = el('button', 'primary', FRAME_TEXTS.approve);
        approve.type = 'button';
        actions.append(
          trustedButton(FRAME_TEXTS.reject, 'secondary', () => finish(false)),
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
