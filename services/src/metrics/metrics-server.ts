import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Answers a scrape; rejects when the metrics cannot be gathered. */
export type Scrape = () => Promise<string>;

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * The plain node:http server of GET /metrics, on a port of its own (never the app's, so no gateway
 * or Ingress route leads to it). Anything else is a 404; a failed scrape a 500.
 */
export class MetricsServer {
  private server: Server | null = null;

  constructor(private readonly scrape: Scrape) {}

  /** Listens on `port` (0: any free one) and resolves with the port taken. */
  async listen(port: number, host?: string): Promise<number> {
    const server = createServer((request, response) => {
      const path = request.url?.split('?', 1)[0];
      if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
        return;
      }
      this.scrape().then(
        (text) => {
          response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE });
          response.end(request.method === 'HEAD' ? undefined : text);
        },
        (error: unknown) => {
          response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          response.end(`${error instanceof Error ? error.message : String(error)}\n`);
        },
      );
    });
    // A scraper keeps its connection: idle ones must not hold the process open at shutdown.
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    return (server.address() as AddressInfo).port;
  }

  /** Stops listening and ends open connections (a scrape in progress included). */
  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }
}
