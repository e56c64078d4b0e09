import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** body: sent as JSON; raw: sent as is (with its own Content-Type among headers). */
export interface Answer {
  status: number;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

export type Route = (request: IncomingMessage, url: URL, body: string) => Promise<Answer>;

/** An HTTP server on a free loopback port, answering JSON; returns its origin and a stop(). */
export async function serveJson(route: Route): Promise<{ origin: string; stop: () => Promise<void> }> {
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      route(request, url, Buffer.concat(chunks).toString('utf8'))
        .catch((error: unknown): Answer => ({ status: 500, body: { message: String(error) } }))
        .then(({ status, body, raw, headers = {} }) => {
          response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
          response.end(raw ?? (body === undefined ? '' : JSON.stringify(body)));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
