export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** ISO 8601, when the sink received it. */
  date: string;
}
export function waitForMail(
  mailJsonUrl: string,
  options: { to: string; since?: string | number | Date; match?: (mail: Mail) => boolean; timeoutMs?: number },
): Promise<Mail>;
export function codeOf(mail: Mail): string;
export function linkOf(mail: Mail): string;
