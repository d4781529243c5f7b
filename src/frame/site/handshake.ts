/**
 * The frame's half of the handshake (messages.ts): answer only a parent whose origin
 * (`location.ancestorOrigins[0]`) is one of the project's allowed origins, post frame-ready to
 * exactly that origin, accept the first host-hello from that window and origin only, take its
 * MessagePort, ack on it, and from then on listen on the port alone.
 */
import { isOriginAllowed } from '../../wire/origins.js';
import { FRAME_SDK_VERSION } from '../constants.js';
import { hostHelloSchema, HANDSHAKE_READY } from '../messages.js';

/** The parts of a window message the handshake reads. */
export interface IncomingMessage {
  source: unknown;
  origin: string;
  data: unknown;
  ports: readonly MessagePort[];
}

export interface HandshakeEnv {
  /** `window.parent`, or undefined when the frame is the top window. */
  parent: { postMessage(message: unknown, targetOrigin: string): void } | undefined;
  /** `location.ancestorOrigins[0]`. */
  parentOrigin: string | undefined;
  /** The project's allowed origins (GET /auth/v1/origins). */
  allowedOrigins(): Promise<readonly string[]>;
  /** Adds a window 'message' listener; returns its removal. */
  listen(onMessage: (message: IncomingMessage) => void): () => void;
}

/** Resolves with the host's port, or undefined (logged) when the parent may not be answered. */
export async function acceptHost(env: HandshakeEnv): Promise<MessagePort | undefined> {
  const { parent, parentOrigin } = env;
  if (!parent || !parentOrigin) {
    console.warn('w3kit frame: no parent window; not answering');
    return undefined;
  }
  let allowed: readonly string[];
  try {
    allowed = await env.allowedOrigins();
  } catch (error) {
    console.warn('w3kit frame: could not load the allowed origins; not answering', error);
    return undefined;
  }
  if (!isOriginAllowed(parentOrigin, allowed)) {
    console.warn(`w3kit frame: ${parentOrigin} is not an allowed origin of this project; not answering`);
    return undefined;
  }
  return new Promise((resolve) => {
    const stop = env.listen((message) => {
      if (message.source !== parent || message.origin !== parentOrigin) return;
      const hello = hostHelloSchema.safeParse(message.data);
      const port = message.ports[0];
      if (!hello.success || !port) {
        console.warn('w3kit frame: dropped a malformed handshake message');
        return;
      }
      stop();
      port.postMessage({ kind: 'ack' });
      resolve(port);
    });
    parent.postMessage({ w3kit: HANDSHAKE_READY, version: FRAME_SDK_VERSION }, parentOrigin);
  });
}
