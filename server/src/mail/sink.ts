/**
 * A development SMTP sink (`--smtp-sink N`): an in-process SMTP server that accepts every mail
 * (no STARTTLS, authentication optional, at most 256 KB each) and keeps the last 200, which the
 * backend lists at /dev/mail and /dev/mail.json. smtp-server and mailparser are optional
 * dependencies, loaded when a sink starts (optional-package.ts).
 */
import { CLOSE_GRACE_MS } from '../http/close.js';
import { loadOptional } from '../optional-package.js';

export const SINK_MAX_MAILS = 200;
export const SINK_MAX_BYTES = 256 * 1024;

export interface SinkMail {
  to: string;
  subject: string;
  text: string;
  /** When it arrived, ISO 8601. */
  date: string;
}

export interface SmtpSink {
  port: number;
  /** The mails received, newest first. */
  mails(): SinkMail[];
  close(): Promise<void>;
}

export async function startSmtpSink({
  port = 0,
  host = '127.0.0.1',
  maxMails = SINK_MAX_MAILS,
}: { port?: number; host?: string; maxMails?: number } = {}): Promise<SmtpSink> {
  const { SMTPServer, simpleParser } = await loadOptional(
    ['smtp-server', 'mailparser'],
    'The development SMTP sink (--smtp-sink)',
    async () => ({
      SMTPServer: (await import('smtp-server')).SMTPServer,
      simpleParser: (await import('mailparser')).simpleParser,
    }),
  );
  const kept: SinkMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    size: SINK_MAX_BYTES,
    logger: false,
    // A client that stays connected does not hold a stop up.
    closeTimeout: CLOSE_GRACE_MS,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'sink' }),
    onData(stream, session, callback) {
      simpleParser(stream, { maxHtmlLengthToParse: SINK_MAX_BYTES })
        .then((parsed) => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
            callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
            return;
          }
          const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
          kept.unshift({ to, subject: parsed.subject ?? '', text: parsed.text ?? '', date: new Date().toISOString() });
          kept.length = Math.min(kept.length, maxMails);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', () => undefined);
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    mails: () => kept.slice(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
