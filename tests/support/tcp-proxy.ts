import net from 'node:net';

/**
 * A TCP proxy on a local port to a real server, which a test can cut (every open connection reset,
 * new ones refused) and restore on the same port: a database outage without stopping the database
 * that other test files share.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  let cutOnWrite = false;

  async function listen() {
    const listening = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.on('data', () => {
        if (!cutOnWrite) return;
        cutOnWrite = false;
        client.resetAndDestroy();
        upstream.resetAndDestroy();
      });
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
    port = (listening.address() as net.AddressInfo).port;
    server = listening;
  }

  await listen();
  return {
    get port() {
      return port;
    },
    /** Resets every open connection and stops accepting new ones. */
    async cut() {
      const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      for (const s of sockets) s.resetAndDestroy();
      await closed;
      server = null;
    },
    /**
     * Resets the next connection that sends anything, both its ends, after its bytes were passed on: a
     * connection the server ended while it sat idle in a pool, found out by the next statement sent on it.
     */
    cutOnNextWrite() {
      cutOnWrite = true;
    },
    async restore() {
      await listen();
    },
    async close() {
      if (server) await this.cut();
    },
  };
}

/** A proxy in front of a database URL's server, and the same URL through it. */
export async function startProxyTo(databaseUrl: string) {
  const real = new URL(databaseUrl);
  const proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
  const proxied = new URL(real);
  proxied.port = String(proxy.port);
  return { proxy, url: proxied.toString() };
}
