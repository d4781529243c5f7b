/** Failures of the modal itself: a view it cannot show, a wait the close ended. */
import { W3Error } from './base.js';

export class UnknownViewError extends W3Error {
  override name = 'UnknownViewError';
  constructor(view: string) {
    super(`Unknown view "${view}"`, { category: 'CONFIG_ERROR', code: 'UNKNOWN_VIEW' });
  }
}

export class ModalClosedError extends W3Error {
  override name = 'ModalClosedError';
  constructor() {
    super('Modal closed', { category: 'INTERNAL_SDK_ERROR', code: 'MODAL_CLOSED' });
  }
}
