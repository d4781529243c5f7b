/**
 * Flow control of one relay socket, so a reader that does not read cannot make the relay hold
 * its messages in memory. Every frame goes out through `send`; once the socket has
 * `highWater` bytes or more waiting to be sent (`bufferedAmount`: what the kernel did not take
 * yet), it is blocked: the hub pushes nothing more to it and its requests are not read (their
 * replies would queue too). When the frames written bring it down to half of that, it is
 * unblocked and `onDrain` runs (the hub pushes what waits, from the database). A socket that
 * stays blocked `stallMs` is closed with SLOW_READER_CLOSE and terminated a moment later if
 * its close does not get through. Per socket the relay then holds at most about `highWater`
 * plus one frame.
 */

/** What flow control needs of a socket (a `ws` WebSocket has all of it). */
export interface FlowSocket {
  readonly bufferedAmount: number;
  send(data: string, cb?: (err?: Error) => void): void;
  close(code: number, reason: string): void;
  /** Stops reading the socket (its requests wait in the kernel). */
  pause?(): void;
  resume?(): void;
  terminate?(): void;
}

/** The TCP socket under a `ws` WebSocket, when there is one: frames sent in one tick are written together. */
type Corkable = { cork(): void; uncork(): void };
const tcpOf = (ws: FlowSocket): Corkable | undefined => {
  const raw = (ws as { _socket?: unknown })._socket as Partial<Corkable> | null | undefined;
  return raw && typeof raw.cork === 'function' && typeof raw.uncork === 'function' ? (raw as Corkable) : undefined;
};

/** The close code of a socket that did not read what it was sent (1013, try again later: clients reconnect). */
export const SLOW_READER_CLOSE = 1013;
/** How long a closed slow reader gets for its close frame before it is terminated. */
export const SLOW_READER_TERMINATE_MS = 1000;

export interface FlowOptions {
  /** Bytes waiting to be sent at which the socket is blocked. */
  highWater: number;
  /** How long it may stay blocked before it is closed. */
  stallMs: number;
  /** The socket was unblocked: push what waits. */
  onDrain(): void;
  /** The socket stayed blocked `stallMs` and is being closed. */
  onStall(info: { code: number; reason: string; bufferedBytes: number }): void;
}

export class SocketFlow {
  private blockTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  private corked = false;
  /** The most bytes the socket had waiting, right after a send. */
  peakBufferedBytes = 0;
  /** Made once per socket, not per frame or per tick (the hot path allocates as little as it can). */
  private readonly onWritten = (): void => this.written();
  private readonly tcp: Corkable | undefined;
  private readonly uncork = (): void => {
    this.corked = false;
    this.tcp!.uncork();
  };

  constructor(
    private readonly ws: FlowSocket,
    private readonly options: FlowOptions,
  ) {
    this.tcp = tcpOf(ws);
  }

  /** Blocked: over the high-water mark, not drained yet (or closed for stalling). */
  get blocked(): boolean {
    return this.blockTimer !== undefined || this.closed;
  }

  send(data: string): void {
    if (!this.corked && this.tcp) {
      // The frames of this tick (a push and a publish's answer, a page) leave in one write when the tick ends.
      this.corked = true;
      this.tcp.cork();
      process.nextTick(this.uncork);
    }
    this.ws.send(data, this.onWritten);
    const buffered = this.ws.bufferedAmount;
    if (buffered > this.peakBufferedBytes) this.peakBufferedBytes = buffered;
    if (buffered >= this.options.highWater && !this.blocked) this.block();
  }

  /** Stops the stall timer (the socket closed). */
  dispose(): void {
    clearTimeout(this.blockTimer);
    this.blockTimer = undefined;
    this.closed = true;
  }

  private block(): void {
    this.ws.pause?.();
    this.blockTimer = setTimeout(() => this.stall(), this.options.stallMs);
    this.blockTimer.unref?.();
  }

  /** A frame was written out (or failed): unblock once down to half the high-water mark. */
  private written(): void {
    if (this.blockTimer === undefined || this.closed || this.ws.bufferedAmount > this.options.highWater / 2) return;
    clearTimeout(this.blockTimer);
    this.blockTimer = undefined;
    this.ws.resume?.();
    this.options.onDrain();
  }

  private stall(): void {
    const seconds = Math.round(this.options.stallMs / 100) / 10;
    const reason = `The socket did not read what it was sent for ${seconds} s`;
    const bufferedBytes = this.ws.bufferedAmount;
    this.dispose();
    this.options.onStall({ code: SLOW_READER_CLOSE, reason, bufferedBytes });
    this.ws.close(SLOW_READER_CLOSE, reason);
    setTimeout(() => this.ws.terminate?.(), SLOW_READER_TERMINATE_MS).unref?.();
  }
}
