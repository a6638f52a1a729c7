import { SMTPServer } from 'smtp-server';

export interface SmtpDelivery {
  to: string[];
  subject: string;
  /** The whole message as received (headers and body, quoted-printable as sent). */
  raw: string;
}

/**
 * A real SMTP peer on a random local port, for tests that follow a mail to the wire: point the app's
 * SMTP_URL at `url`, drain the outbox, and read `deliveries`.
 */
export async function startSmtpPeer() {
  const deliveries: SmtpDelivery[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const header = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
        deliveries.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /^subject:\s*(.+)$/im.exec(header)?.[1].trim() ?? '',
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A mail's text part with quoted-printable soft breaks and escapes undone, for matching words and links. */
export function decodedText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
}
