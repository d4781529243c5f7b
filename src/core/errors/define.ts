/** The factory of the failure classes (not exported from the package: the classes are). */
import { W3Error, type ErrorCategory, type W3ErrorOptions } from './base.js';

/**
 * A W3Error subclass named `name` with a fixed category: `new Cls(message?, options?)`, the
 * message defaulting to `defaultMessage`. Small on purpose: the first chunk carries every class.
 */
export function defineError(name: string, category: ErrorCategory, defaultMessage = '') {
  const Cls = class extends W3Error {
    override name = name;
    constructor(message?: string, options: Omit<W3ErrorOptions, 'category'> = {}) {
      super(message || defaultMessage, { ...options, category });
    }
  };
  Object.defineProperty(Cls, 'name', { value: name });
  return Cls;
}
