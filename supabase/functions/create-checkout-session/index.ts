// Supabase Edge Function `create-checkout-session` (Deno): the shopper's « Payer par carte »
// (body { number, secret }) opens a Stripe Checkout Session for the order as the database has it
// (payable_order, as the caller) and answers { url }, Stripe's hosted page. Deploy: supabase
// functions deploy create-checkout-session; secrets STRIPE_SECRET_KEY, SITE_URL (docs/supabase.md).
import { StripeRefused, readStripeConfig } from '../_shared/stripe.ts';
import { createHandler } from './handler.ts';
import { stripeCheckout } from './stripe-checkout.ts';
import { supabaseBackend } from './supabase-backend.ts';

const log = (line: string) => console.log(line);
const result = readStripeConfig((name) => Deno.env.get(name));

const handler = result.ok
  ? createHandler({
      backend: supabaseBackend(result.config.supabaseUrl, result.config.anonKey, result.config.serviceRoleKey),
      provider: stripeCheckout(result.config),
      // A 4xx: Stripe refused the request; a 5xx or no answer: Stripe is unavailable.
      isRefusal: (error) => error instanceof StripeRefused && error.status < 500,
      now: () => new Date(),
      randomKey: () => crypto.randomUUID(),
      log,
    })
  : createHandler({ problems: result.problems, log });

Deno.serve(handler);
