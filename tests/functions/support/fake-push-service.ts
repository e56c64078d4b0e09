import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's push subscription: what it gives the shop (endpoint and keys) and keeps (its private key). */
export interface FakeBrowser {
  endpoint: string;
  p256dh: string;
  auth: string;
  ecdh: ECDH;
}

/** A message the push service accepted: its VAPID claims and the payload the browser decrypted. */
export interface Delivered {
  endpoint: string;
  claims: { aud: string; exp: number; sub: string };
  ttl: string | undefined;
  payload: string;
}

export interface FakePushService {
  origin: string;
  /** A new browser subscribed at this service (its own endpoint, its own keys). */
  subscribe(name: string): FakeBrowser;
  /** The endpoint answers `status` from now on (410: the browser unsubscribed); null: as a push service does. */
  answer(endpoint: string, status: number | null): void;
  delivered: Delivered[];
  /** Requests refused by the checks below, with the reason (a test expects none). */
  refused: string[];
  stop(): Promise<void>;
}

const b64u = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString('base64url');

/**
 * A push service as RFC 8030 §5 and RFC 8292 describe it, checking with node:crypto (not the
 * function's WebCrypto code): the `Authorization: vapid t=…, k=…` token is an ES256 JWT signed by
 * `k`, which is the application server key the browser subscribed with; its audience is this
 * service's origin, it expires in the future and within 24 hours, and it names the sender (sub).
 * Then the browser's part (RFC 8291, RFC 8188): the aes128gcm body decrypted with the
 * subscription's private key and auth secret. 201 when all holds, 400/401/403 otherwise.
 */
export async function startFakePushService(options: { vapidPublicKey: string; subject: string; now: () => number }): Promise<FakePushService> {
  const browsers = new Map<string, FakeBrowser>();
  const statuses = new Map<string, number>();
  const delivered: Delivered[] = [];
  const refused: string[] = [];
  let origin = '';

  function checkVapid(authorization: string | undefined): { claims: Delivered['claims'] } | { refusal: string } {
    const match = /^vapid t=([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
    if (!match) return { refusal: `no vapid authorization: ${authorization}` };
    const [, head, body, signature, k] = match as unknown as [string, string, string, string, string];
    if (k !== options.vapidPublicKey) return { refusal: 'k is not the application server key the browser subscribed with' };
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (header.alg !== 'ES256' || header.typ !== 'JWT') return { refusal: `header ${JSON.stringify(header)}` };
    const raw = Buffer.from(k, 'base64url');
    const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) }, format: 'jwk' });
    const signed = verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    if (!signed) return { refusal: 'the signature is not k’s' };
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Delivered['claims'];
    const now = options.now();
    if (claims.aud !== origin) return { refusal: `aud ${claims.aud} is not ${origin}` };
    if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + 24 * 3600) return { refusal: `exp ${claims.exp} not within 24 h of ${now}` };
    if (claims.sub !== options.subject) return { refusal: `sub ${claims.sub}` };
    return { claims };
  }

  function decrypt(browser: FakeBrowser, message: Buffer): string {
    const salt = message.subarray(0, 16);
    const recordSize = message.readUInt32BE(16);
    const idLength = message[20]!;
    const senderKey = message.subarray(21, 21 + idLength);
    const record = message.subarray(21 + idLength);
    if (record.length > recordSize) throw new Error('more than one record');
    const ecdhSecret = browser.ecdh.computeSecret(senderKey);
    const info = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderKey]);
    const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, Buffer.from(browser.auth, 'base64url'), info, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(-16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
    // The last record's delimiter is 2, then only zeros (RFC 8188 §2).
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 2) throw new Error('no last-record delimiter');
    return padded.subarray(0, end).toString('utf8');
  }

  const handle = (request: IncomingMessage, response: ServerResponse, message: Buffer) => {
    const endpoint = `${origin}${request.url}`;
    const refuse = (status: number, reason: string) => {
      refused.push(`${endpoint}: ${reason}`);
      response.writeHead(status).end(reason);
    };
    const browser = browsers.get(endpoint);
    if (request.method !== 'POST' || !browser) return refuse(404, 'no such subscription');
    const status = statuses.get(endpoint);
    if (status !== undefined) return void response.writeHead(status).end();
    const vapid = checkVapid(request.headers.authorization);
    if ('refusal' in vapid) return refuse(403, vapid.refusal);
    if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(400, `content-encoding ${request.headers['content-encoding']}`);
    let payload: string;
    try {
      payload = decrypt(browser, message);
    } catch (error) {
      return refuse(400, `cannot decrypt: ${String(error)}`);
    }
    delivered.push({ endpoint, claims: vapid.claims, ttl: request.headers.ttl as string | undefined, payload });
    response.writeHead(201, { Location: `${origin}/message/${delivered.length}` }).end();
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, response, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    subscribe(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const browser = { endpoint: `${origin}/push/${name}`, p256dh: b64u(ecdh.getPublicKey()), auth: b64u(randomBytes(16)), ecdh };
      browsers.set(browser.endpoint, browser);
      return browser;
    },
    answer(endpoint, status) {
      if (status === null) statuses.delete(endpoint);
      else statuses.set(endpoint, status);
    },
    delivered,
    refused,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
