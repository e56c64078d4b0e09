import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endsOrderFollows, orderNotification, restockNotification } from '@/domain/notifications/shop-notification';
import { isOrderStatus, ORDER_STATUSES } from '@/domain/order/order-status';

const MIGRATIONS = 'supabase/migrations';
const read = (file: string) => readFileSync(join(MIGRATIONS, file), 'utf8');
const migration = read(readdirSync(MIGRATIONS).find((f) => f.endsWith('_push_notifications.sql'))!);
/** The migration that last defines orders_push_status (the one the database runs). */
const statusMigration = readdirSync(MIGRATIONS)
  .sort()
  .map(read)
  .findLast((text) => /create (or replace )?function public\.orders_push_status\(\)/.test(text))!;

/** A SQL literal as PostgreSQL reads it: '' is ', U&'…\XXXX…' a Unicode escape. */
function sqlText(literal: string): string {
  const unicode = literal.startsWith('U&');
  const inner = literal.slice(unicode ? 3 : 1, -1).replaceAll("''", "'");
  return unicode ? inner.replace(/\\([0-9A-Fa-f]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : inner;
}

/** The (status, pickup, title, ending) rows of orders_push_status's table. */
function databaseOrderTexts() {
  const body = statusMigration.slice(statusMigration.search(/create (or replace )?function public\.orders_push_status\(\)/));
  const rows = [...body.slice(0, body.indexOf('$$;')).matchAll(/\('(\w+)', (true|false), ((?:U&)?'[^']*'), ((?:U&)?'(?:[^']|'')*')\)/g)];
  return rows.map(([, status, pickup, title, ending]) => ({ status: status!, pickup: pickup === 'true', title: sqlText(title!), ending: sqlText(ending!) }));
}

describe('the notifications’ texts are the database’s', () => {
  it('each order status the database tells of reads the same, at home and at the shop; the others are told of by neither', () => {
    const rows = databaseOrderTexts();
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      if (!isOrderStatus(row.status)) throw new Error(`unknown status ${row.status}`);
      expect(orderNotification('CMD-2026-000123', row.status, row.pickup ? 'retrait-boutique' : 'domicile')).toEqual({
        title: row.title,
        body: `Votre commande CMD-2026-000123 ${row.ending}`,
        path: '/commande/confirmation/CMD-2026-000123',
        tag: 'commande-CMD-2026-000123',
      });
    }
    const told = new Set(rows.map((r) => r.status));
    for (const status of ORDER_STATUSES.filter((s) => !told.has(s))) expect(orderNotification('CMD-2026-000123', status, 'domicile')).toBeNull();
  });

  it('the return in stock names the product between French quotes, as the database writes it', () => {
    const [, title, before, after] = /select f\.subscription_id, '([^']+)', (U&'[^']*') \|\| new\.name \|\| (U&'[^']*'),/.exec(migration) ?? [];
    expect(restockNotification({ id: '2', slug: 'bol-en-gres-bleu-nuit', name: 'Bol en grès' })).toEqual({
      title,
      body: `${sqlText(before!)}Bol en grès${sqlText(after!)}`,
      path: '/produit/bol-en-gres-bleu-nuit',
      tag: 'produit-2',
    });
    expect(restockNotification({ id: '2', slug: 'b', name: 'Bol en grès' }).body).toBe('«\u202fBol en grès\u202f» est de nouveau en stock.');
  });

  it('« livrée », « retirée » and « annulée » end an order’s follows, as the database deletes them', () => {
    expect(statusMigration).toContain("if new.status in ('livree', 'retiree', 'annulee') then");
    expect(ORDER_STATUSES.filter(endsOrderFollows)).toEqual(['livree', 'retiree', 'annulee']);
  });
});
