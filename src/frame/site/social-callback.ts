/** The social login popup's callback page script, bundled to /social-callback.js (see social-result.ts). */
import { deliverSocialResult } from './social-result.js';

deliverSocialResult(window);
