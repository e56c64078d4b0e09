// Web Push from WebCrypto alone: the message encrypted for the browser (RFC 8291, the aes128gcm
// content coding of RFC 8188) and the sender identified with VAPID (RFC 8292). Nothing here
// needs Deno or a library: ECDH, ECDSA, HKDF and AES-GCM are WebCrypto's, and the protocols are
// a few lines over them (tests/functions/send-push.test.ts checks them against RFC 8291's own
// example and a push service that verifies and decrypts with node:crypto).

type Bytes = Uint8Array<ArrayBuffer>;

const encoder = new TextEncoder();
const P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;
/** One record holds the whole message (RFC 8291 §4: a push message is a single record). */
const RECORD_SIZE = 4096;
/** Push services accept 4096 bytes of body: header (86) + plaintext + delimiter (1) + tag (16). */
export const MAX_PLAINTEXT_BYTES = RECORD_SIZE - 86 - 1 - 16;
/** RFC 8292 §2: a VAPID token expires within 24 hours; 12 leaves room for clocks that differ. */
const VAPID_LIFETIME_S = 12 * 60 * 60;

export function base64urlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function base64urlDecode(text: string): Bytes {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function concat(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function hkdf(salt: Bytes, ikm: Bytes, info: Bytes, length: number): Promise<Bytes> {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, length * 8));
}

/** The sender's one-time ECDH key pair, its public key uncompressed (65 bytes). */
export interface SenderKeys {
  privateKey: CryptoKey;
  publicKey: Bytes;
}

async function newSenderKeys(): Promise<SenderKeys> {
  const pair = await crypto.subtle.generateKey(P256, true, ['deriveBits']);
  return { privateKey: pair.privateKey, publicKey: new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)) };
}

/** A P-256 private key from its scalar `d` and its uncompressed public key (WebCrypto imports no raw private key). */
function privateJwk(d: string, publicKey: Uint8Array): JsonWebKey {
  if (publicKey.length !== 65 || publicKey[0] !== 4) throw new Error('a P-256 public key is 65 bytes, uncompressed');
  return { kty: 'EC', crv: 'P-256', d, x: base64urlEncode(publicKey.subarray(1, 33)), y: base64urlEncode(publicKey.subarray(33)), ext: false };
}

/** RFC 8291's example fixes the sender's keys; a real message makes new ones each time. */
export async function senderKeysFrom(d: string, publicKey: string): Promise<SenderKeys> {
  const raw = base64urlDecode(publicKey);
  return { privateKey: await crypto.subtle.importKey('jwk', privateJwk(d, raw), P256, false, ['deriveBits']), publicKey: raw };
}

/** The browser's subscription keys, as PushSubscription.toJSON() gives them (base64url). */
export interface SubscriptionKeys {
  p256dh: string;
  auth: string;
}

/**
 * The body of a push message to the browser that holds `keys`: RFC 8188's header (salt, record
 * size, the sender's public key) then the one record, encrypted with the key and nonce RFC 8291
 * derives from ECDH between the sender's and the browser's keys and the browser's auth secret.
 * `salt` and `sender` are random unless given (RFC 8291's example gives them).
 */
export async function encryptPayload(plaintext: Uint8Array, keys: SubscriptionKeys, fixed: { salt?: Bytes; sender?: SenderKeys } = {}): Promise<Bytes> {
  if (plaintext.length > MAX_PLAINTEXT_BYTES) throw new Error(`a push message carries ${MAX_PLAINTEXT_BYTES} bytes at most`);
  const uaPublic = base64urlDecode(keys.p256dh);
  const authSecret = base64urlDecode(keys.auth);
  const salt = fixed.salt ?? crypto.getRandomValues(new Uint8Array(16));
  const sender = fixed.sender ?? (await newSenderKeys());

  const browserKey = await crypto.subtle.importKey('raw', uaPublic, P256, false, []);
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: browserKey }, sender.privateKey, 256));
  // RFC 8291 §3.4: IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" 0x00 ua_public as_public, 32).
  const keyInfo = concat(encoder.encode('WebPush: info\0'), uaPublic, sender.publicKey);
  const ikm = await hkdf(authSecret, ecdhSecret, keyInfo, 32);
  // RFC 8188 §2.2 and §2.3: the content encryption key and the nonce, from the salt.
  const cek = await hkdf(salt, ikm, encoder.encode('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode('Content-Encoding: nonce\0'), 12);

  // The last (and only) record ends with the delimiter 0x02, no padding after it.
  const record = concat(plaintext, Uint8Array.of(2));
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt']);
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, key, record));

  const header = new Uint8Array(16 + 4 + 1);
  header.set(salt);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = sender.publicKey.length;
  return concat(header, sender.publicKey, ciphertext);
}

/** The application server's VAPID key pair (RFC 8292): what `Authorization: vapid` is made of. */
export interface Vapid {
  /** Uncompressed P-256 public key, base64url: the `k=` parameter, and VITE_VAPID_PUBLIC_KEY. */
  publicKey: string;
  signingKey: CryptoKey;
  /** mailto: or https: contact for the push service's operators (the `sub` claim). */
  subject: string;
}

/**
 * Imports the pair from its base64url public key (65 bytes) and private scalar (32 bytes), and
 * checks that they belong together (a signature made with one is verified with the other):
 * mismatched keys would be refused by every push service, for every message.
 */
export async function importVapid(publicKey: string, privateKey: string, subject: string): Promise<Vapid> {
  const raw = base64urlDecode(publicKey);
  const ecdsa = { name: 'ECDSA', namedCurve: 'P-256' } as const;
  const signingKey = await crypto.subtle.importKey('jwk', privateJwk(privateKey, raw), ecdsa, false, ['sign']);
  const verifyingKey = await crypto.subtle.importKey('raw', raw, ecdsa, false, ['verify']);
  const probe = encoder.encode('vapid');
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, signingKey, probe);
  if (!(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, verifyingKey, signature, probe))) {
    throw new Error('VAPID_PRIVATE_KEY is not the private key of VAPID_PUBLIC_KEY');
  }
  return { publicKey, signingKey, subject };
}

/**
 * RFC 8292 §2 and §3: a JWT signed ES256 (the signature as r || s, which is what WebCrypto's
 * ECDSA gives) whose audience is the push service's origin, then the header that carries it with
 * the public key.
 */
export async function vapidAuthorization(vapid: Vapid, endpoint: string, nowSeconds: number): Promise<string> {
  const part = (value: object) => base64urlEncode(encoder.encode(JSON.stringify(value)));
  const unsigned = `${part({ typ: 'JWT', alg: 'ES256' })}.${part({ aud: new URL(endpoint).origin, exp: nowSeconds + VAPID_LIFETIME_S, sub: vapid.subject })}`;
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, vapid.signingKey, encoder.encode(unsigned));
  return `vapid t=${unsigned}.${base64urlEncode(new Uint8Array(signature))}, k=${vapid.publicKey}`;
}

export type PushOutcome = 'delivered' | 'gone' | 'failed';

/** How long a push service may take to answer before the message counts as failed (retried later). */
const PUSH_TIMEOUT_MS = 10_000;
/** A day: the push service keeps a message for an offline browser that long (RFC 8030 §5.2). */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * POSTs one message (RFC 8030 §5) to the subscription's push service: 2xx delivered, 404 or 410
 * gone (the subscription expired or was unsubscribed: RFC 8030 §7.3), anything else failed.
 */
export async function sendPush(
  subscription: { endpoint: string } & SubscriptionKeys,
  payload: string,
  vapid: Vapid,
  log: (line: string) => void,
  fetchImpl: typeof fetch = fetch,
): Promise<PushOutcome> {
  try {
    const body = await encryptPayload(encoder.encode(payload), subscription);
    const response = await fetchImpl(subscription.endpoint, {
      method: 'POST',
      headers: {
        Authorization: await vapidAuthorization(vapid, subscription.endpoint, Math.floor(Date.now() / 1000)),
        'Content-Encoding': 'aes128gcm',
        'Content-Type': 'application/octet-stream',
        TTL: String(TTL_SECONDS),
        Urgency: 'normal',
      },
      body,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.ok) return 'delivered';
    if (response.status === 404 || response.status === 410) return 'gone';
    log(`push service ${new URL(subscription.endpoint).origin} answered ${response.status}`);
    return 'failed';
  } catch (error) {
    log(`push to ${URL.canParse(subscription.endpoint) ? new URL(subscription.endpoint).origin : 'a malformed endpoint'} failed: ${String(error)}`);
    return 'failed';
  }
}
