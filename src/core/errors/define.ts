/** The factory of the failure classes (not exported from the package: the classes are). */
import type { DefaultMessageCode } from './codes.js';
import { W3Error, type ErrorCategory, type W3ErrorOptions } from './base.js';

/**
 * A failure class made by `defineError`. Spelled out so the published declarations do not
 * inline the host's ErrorConstructor statics (with @types/node in the build they name Node's
 * CallSite type, which a browser project's tsc cannot find).
 */
export interface W3ErrorClass {
  new (message?: string, options?: Omit<W3ErrorOptions, 'category'>): W3Error;
  readonly prototype: W3Error;
}

/**
 * A W3Error subclass named `name` with a fixed category: `new Cls(message?, options?)`, the
 * message defaulting to `defaultMessage`. Small on purpose: the first chunk carries every class.
 */
export function defineError(name: string, category: ErrorCategory, defaultMessage = '', code?: DefaultMessageCode): W3ErrorClass {
  const Cls = class extends W3Error {
    override name = name;
    constructor(message?: string, options: Omit<W3ErrorOptions, 'category'> = {}) {
      // Its own default text is known to the elements by the class name; any other text is data.
      super(message || defaultMessage, { messageCode: message ? undefined : code, ...options, category });
    }
  };
  Object.defineProperty(Cls, 'name', { value: name });
  return Cls;
}
