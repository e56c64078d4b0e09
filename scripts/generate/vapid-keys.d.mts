// Types of vapid-keys.mjs, for the send-push tests.
export function vapidKeyPair(): { publicKey: string; privateKey: string };
