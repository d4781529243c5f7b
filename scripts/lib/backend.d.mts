export interface Backend {
  /** The server process's id. */
  pid: number | undefined;
  /** The ports it listens on (pass them back to start it again on the same ones). */
  ports: { port: number; relayPort: number; framePort: number; smtpSink: number | undefined; oidcPort: number | undefined };
  url: string;
  relayUrl: string;
  /** The secure frame site and auth API, addressed on localhost (WebAuthn refuses IP origins), e.g. http://localhost:4303. */
  frameUrl: string;
  /** With `oidcPort`: the development OpenID provider, e.g. http://127.0.0.1:4304 (issuers at /google, /github, ...). */
  oidcUrl: string | undefined;
  /** With `smtpSink`: the sink (smtp://HOST:PORT) and the list of its mails (`<url>/dev/mail.json`). */
  smtpUrl: string | undefined;
  mailUrl: string | undefined;
  close(): Promise<void>;
}
export function startBackend(options: {
  port: number;
  dataDir: string;
  host?: string;
  env?: Record<string, string>;
  relayPort?: number;
  /** Default port + 2 (a free one when port is 0); 0 picks a free one. */
  framePort?: number;
  /** Run the development SMTP sink on this port (0 a free one); e-mail login sends to it. */
  smtpSink?: number;
  /** Run the development OpenID provider on this port (0 a free one): every social provider, any login. */
  oidcPort?: number;
  /** EVM JSON-RPC URL the Blockchain API indexes (`--evm-rpc`). */
  evmRpc?: string;
  /** Run the server under `ulimit -n` this many open files (a socket flood then meets the limit sooner). */
  maxOpenFiles?: number;
}): Promise<Backend>;
