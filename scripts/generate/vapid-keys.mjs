#!/usr/bin/env node
// Makes the VAPID key pair of send-push (RFC 8292), in the format it and the browser read: the
// public key uncompressed (65 bytes) and the private scalar (32 bytes), both base64url.
// `node scripts/generate/vapid-keys.mjs`, then: supabase secrets set VAPID_PUBLIC_KEY=… VAPID_PRIVATE_KEY=…
// and VITE_VAPID_PUBLIC_KEY=<the same public key> in the build's environment (docs/supabase.md).
import { generateKeyPairSync } from 'node:crypto';

/** A new P-256 key pair: { publicKey, privateKey }, base64url. */
export function vapidKeyPair() {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ format: 'jwk' });
  const publicKey = Buffer.concat([Buffer.of(4), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]).toString('base64url');
  return { publicKey, privateKey: jwk.d };
}

if (process.argv[1] === import.meta.filename) {
  const { publicKey, privateKey } = vapidKeyPair();
  console.log(`VAPID_PUBLIC_KEY=${publicKey}`);
  console.log(`VAPID_PRIVATE_KEY=${privateKey}`);
}
