import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_LABELS, ORDER_STATUS_MESSAGES, ORDER_STEPS, ORDER_STATUSES } from '@/domain/order/order-status';

const MIGRATIONS = 'supabase/migrations';
const TRIGGER = /create (or replace )?function public\.orders_status_transition\(\)/;

/** The body of orders_status_transition as the database runs it: the last migration that defines it. */
function transitionTrigger(): string {
  const text = readdirSync(MIGRATIONS)
    .sort()
    .map((file) => readFileSync(join(MIGRATIONS, file), 'utf8'))
    .findLast((migration) => TRIGGER.test(migration))!;
  const body = text.slice(text.search(TRIGGER));
  return body.slice(0, body.indexOf('$$;'));
}

describe('the database’s status steps are the domain’s', () => {
  const trigger = transitionTrigger();

  it('each path’s steps, with their actor, row for row', () => {
    const rows = [...trigger.matchAll(/\('([a-z-]+)', '([a-z-]+)', '([a-z-]+)', '(provider|owner)'\)/g)].map(([, path, from, to, by]) => ({
      path,
      from,
      to,
      by,
    }));
    const domain = Object.entries(ORDER_STEPS).flatMap(([path, steps]) => steps.map((s) => ({ path, ...s })));
    expect(rows).toEqual(domain);
  });

  it('the statuses’ labels and the provider’s refusal read as the domain writes them', () => {
    const labels = JSON.parse(/labels constant jsonb := '([^']+)'/.exec(trigger)![1]!) as Record<string, string>;
    expect(labels).toEqual(ORDER_STATUS_LABELS);
    expect(Object.keys(labels)).toEqual([...ORDER_STATUSES]);
    expect(trigger).toContain(`message = '${ORDER_STATUS_MESSAGES.provider}'`);
  });
});
