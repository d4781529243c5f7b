/** One check of GET /ready: its name in the reply, and why the instance is not ready (undefined when fine). */
export interface ReadinessCheck {
  /** Its key in the reply, e.g. 'database'. */
  name: string;
  /** Why the instance is not ready, in words; undefined when this part is fine. */
  check(): string | undefined | Promise<string | undefined>;
}
