/**
 * The embedded wallet's actions, for the views (the contract between the views and the
 * connector's stores; the implementation lands with the host bridge).
 */
import type { EmailProblem } from '../connection/connect.js';

/** Starts e-mail login (EmailLogin's form); returns the input's problem, if any. */
export declare function submitEmail(email: string): EmailProblem | undefined;
/** Sends the pending login's mail again (device approval or code), respecting the cooldown. */
export declare function resendEmail(): Promise<void>;
/** Checks a one-time code (EmailVerifyOtp); on success the wallet connects and Account shows. */
export declare function submitOtp(otp: string): Promise<void>;
/** Starts an e-mail change (UpdateEmailWallet); returns the input's problem, if any. */
export declare function startEmailChange(newEmail: string): EmailProblem | undefined;
/** Checks the code sent to the current address, then the one sent to the new address. */
export declare function submitEmailChangeOtp(otp: string): Promise<void>;
/** Opens the frame's export screen (a fresh code, then the keys), shown in the modal. */
export declare function exportKey(): Promise<void>;
/** The user left the approval (Back, Escape, close): aborts only the pending unsafe requests. */
export declare function abortPendingApproval(): void;
