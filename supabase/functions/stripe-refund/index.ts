// Supabase Edge Function `stripe-refund` (Deno): makes the card refunds the database recorded as
// owed (an owner's cancellation of a paid card order, payment_refunds) through Stripe's refunds
// API. Called with the service role key by the database's webhook on payment_refunds and by a
// schedule for the retries (docs/supabase.md). Secrets: STRIPE_SECRET_KEY.
import { readStripeConfig, StripeRefused, stripePost } from '../_shared/stripe.ts';
import { createHandler } from './handler.ts';
import { supabaseRefunds } from './supabase-refunds.ts';

const log = (line: string) => console.log(line);
const result = readStripeConfig((name) => Deno.env.get(name));

const handler = result.ok
  ? createHandler({
      refunds: supabaseRefunds(result.config.supabaseUrl, result.config.serviceRoleKey),
      // https://docs.stripe.com/api/refunds/create
      async refund(owed, idempotencyKey) {
        const body = await stripePost(
          result.config,
          '/v1/refunds',
          {
            payment_intent: owed.paymentReference,
            amount: owed.amountCents,
            reason: 'requested_by_customer',
            metadata: { order_number: owed.orderNumber },
          },
          idempotencyKey,
        );
        if (typeof body.id !== 'string') throw new StripeRefused(200, `unexpected refund ${JSON.stringify(body).slice(0, 200)}`);
        return body.id;
      },
      serviceRoleKey: result.config.serviceRoleKey,
      log,
    })
  : createHandler({ problems: result.problems, log });

Deno.serve(handler);
