// Supabase Edge Function `stripe-webhook` (Deno): Stripe's webhook endpoint for Checkout
// (checkout.session.completed, …async_payment_succeeded, …async_payment_failed, …expired). Its
// signature is checked with Stripe's own library (HMAC-SHA256 of `t.payload`, scheme v1, 300 s of
// tolerance, through WebCrypto), then record_payment_outcome applies the event once. Deploy:
// supabase functions deploy stripe-webhook (verify_jwt = false: Stripe sends no JWT); secrets
// STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET (docs/supabase.md).
import Stripe from 'npm:stripe@23.1.0';
import { readStripeConfig, stripeGet } from '../_shared/stripe.ts';
import { createHandler, SignatureRefused, type StripeEvent } from './handler.ts';
import { supabaseRecorder } from './supabase-backend.ts';

/** Stripe's documented tolerance between the signature's timestamp and now, in seconds. */
const TOLERANCE_S = 300;

const log = (line: string) => console.log(line);
const result = readStripeConfig((name) => Deno.env.get(name));
const cryptoProvider = Stripe.createSubtleCryptoProvider();

const handler = result.ok
  ? createHandler({
      async verify(payload, signature) {
        try {
          const event = await Stripe.webhooks.constructEventAsync(payload, signature, result.config.webhookSecret, TOLERANCE_S, cryptoProvider);
          return event as unknown as StripeEvent;
        } catch (error) {
          throw new SignatureRefused(String(error));
        }
      },
      record: supabaseRecorder(result.config.supabaseUrl, result.config.serviceRoleKey),
      async cardLast4(paymentIntent) {
        const intent = await stripeGet(result.config, `/v1/payment_intents/${encodeURIComponent(paymentIntent)}?expand[]=latest_charge`);
        const charge = intent?.latest_charge as { payment_method_details?: { card?: { last4?: unknown } } } | undefined;
        const last4 = charge?.payment_method_details?.card?.last4;
        return typeof last4 === 'string' ? last4 : null;
      },
      log,
    })
  : createHandler({ problems: result.problems, log });

Deno.serve(handler);
