/**
 * The local stack's mail catcher (docs/alert-webhooks.md#e-mail-alerts): an SMTP server on 127.0.0.1 (smtp-server,
 * no TLS, no authentication) that the Functions emulator sends the alert e-mails to. Nothing is relayed anywhere:
 * every message is saved as a .eml file in `<data dir>/mail/` (newest last by name) and announced in one log line.
 * The tests and the journeys read that folder (readCaughtMail) or start their own catcher.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  from: string;
  /** The raw message as received (headers and MIME body). */
  raw: string;
  file?: string;
}

export interface MailCatcher {
  /** smtp://127.0.0.1:<port>: what the functions get as ALERT_EMAIL_SMTP_URL. */
  url: string;
  port: number;
  /** Where the .eml files go (null: kept in memory only). */
  dir: string | null;
  /** Everything received, oldest first. */
  messages: CaughtMail[];
  /** Make the next `count` messages fail with this SMTP reply (tests of a failing provider). */
  refuseNext(count: number, code: number, text?: string): void;
  stop(): Promise<void>;
}

export interface MailCatcherOptions {
  port?: number;
  /** Save each message as a .eml file here. */
  dir?: string;
  /** Called once per message received. */
  onMail?: (mail: CaughtMail) => void;
}

/** Most a message may be: alert e-mails are a few kilobytes. */
const MAX_BYTES = 1_000_000;

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  let refusals: { count: number; code: number; text: string } = { count: 0, code: 0, text: '' };
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    hideSTARTTLS: true,
    size: MAX_BYTES,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals.count > 0) {
          refusals.count -= 1;
          return callback(Object.assign(new Error(refusals.text), { responseCode: refusals.code }));
        }
        const mail: CaughtMail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        if (options.dir) {
          mail.file = join(options.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(messages.length + 1).padStart(4, '0')}.eml`);
          writeFileSync(mail.file, mail.raw);
        }
        messages.push(mail);
        options.onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  server.on('error', () => {});
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    dir: options.dir ?? null,
    messages,
    refuseNext(count, code, text = 'Refused by the test') {
      refusals = { count, code, text };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The messages a catcher saved in `dir` (another process's catcher: the journeys read the stack's), oldest first. */
export function readCaughtMail(dir: string): Array<{ file: string; raw: string }> {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return names.map((name) => ({ file: join(dir, name), raw: readFileSync(join(dir, name), 'utf8') }));
}

/**
 * The readable text of a raw message (what the tests search): the headers unfolded, the body's quoted-printable soft
 * breaks and escapes decoded.
 */
export function readableMail(raw: string): string {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return decodeQuotedPrintable(raw);
  return `${raw.slice(0, end).replace(/\r\n[ \t]+/g, ' ')}\r\n\r\n${decodeQuotedPrintable(raw.slice(end + 4))}`;
}

function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
