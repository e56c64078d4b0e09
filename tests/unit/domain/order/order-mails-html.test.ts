// Each order mail's HTML part through the Nu Html Checker (as the end-to-end suite checks pages:
// tests/e2e/vnu.ts), every kind for every delivery method, in one Java start.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ORDER_MAIL_KINDS, orderMail } from '@/domain/order/order-mails';
import { htmlErrors } from '../../../e2e/vnu';
import { ORDER_KINDS, SITE, withdrawnOrder } from '../../../support/order-mail-orders';

describe('the order mails’ HTML', () => {
  it('is valid HTML for every kind of mail and every delivery method', { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'order-mails-'));
    try {
      const files: string[] = [];
      for (const delivery of ORDER_KINDS) {
        for (const kind of ORDER_MAIL_KINDS) {
          const file = join(dir, `${kind}-${delivery}.html`);
          await writeFile(file, orderMail(kind, withdrawnOrder(delivery), SITE).html!);
          files.push(file);
        }
      }
      expect(await htmlErrors(files, (path) => path.slice(dir.length + 1))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
