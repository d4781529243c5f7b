import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * The seconds left of the e-mail cooldown (spec 5: a new mail at most every 30 s), counted down
 * once a second while any are left: renders its host each second, and stops its timer when the
 * cooldown is over or the host leaves the page.
 */
export class ResendCountdownController implements ReactiveController {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** When a new mail may be requested (epoch ms; 0: now). */
    private readonly resendAt: () => number,
  ) {
    host.addController(this);
  }

  /** Whole seconds until a mail may be sent again (0: now). */
  get seconds(): number {
    return Math.max(0, Math.ceil((this.resendAt() - Date.now()) / 1000));
  }

  hostConnected(): void {
    this.sync();
  }

  hostUpdated(): void {
    this.sync();
  }

  hostDisconnected(): void {
    this.stop();
  }

  /** A running timer while seconds are left, none after. */
  private sync(): void {
    if (this.seconds > 0 && !this.timer) this.timer = setInterval(() => this.host.requestUpdate(), 1000);
    else if (this.seconds === 0) this.stop();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
