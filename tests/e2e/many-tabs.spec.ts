import { type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_PRODUCTS } from './demo-data';

// Three tabs of one browser change the same cart and favorites at the same moment, through
// the shop's own buttons, without waiting for each other. Each operation reads the tab's page
// and clicks in one task of that page, so the test knows exactly which change it asked for.
// The seed is printed; SHOP_E2E_SEED=<n> replays a run.

const SEED = Number(process.env.SHOP_E2E_SEED ?? Date.now() % 1_000_000);
const PRODUCTS_IN_PLAY = 6;

type Op =
  | { kind: 'add'; name: string }
  | { kind: 'favorite'; name: string; on: boolean }
  | { kind: 'quantity'; name: string; to: number }
  | { kind: 'remove'; name: string };

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the tabs' consoles said (warnings and errors: a commit log that failed, a refused write). */
const consoleLines: string[] = [];

// eslint-disable-next-line no-empty-pattern -- Playwright passes fixtures first; this hook needs none.
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && consoleLines.length > 0) {
    await testInfo.attach('console of the tabs', { body: consoleLines.join('\n'), contentType: 'text/plain' });
  }
  consoleLines.length = 0;
});

async function openTabs(context: BrowserContext, paths: string[]): Promise<Page[]> {
  const pages: Page[] = [];
  for (const [tab, path] of paths.entries()) {
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') consoleLines.push(`tab ${tab} ${message.type()}: ${message.text()}`);
    });
    await page.goto(path);
    pages.push(page);
  }
  return pages;
}

// The cart never holds more than the stock (issue 10): the products in play have enough for every click.
const PLENTIFUL = new Set(DEMO_PRODUCTS.filter((p) => p.stock >= 60).map((p) => p.name));

/** The first in-stock products of /boutique with stock for every click, by name (every tab on /boutique shows them). */
async function productsInPlay(page: Page): Promise<string[]> {
  await expect(page.getByRole('button', { name: /^Ajouter au panier « / }).first()).toBeVisible();
  const names = await page.evaluate(() =>
    [...document.querySelectorAll('article.product-card')]
      .filter((card) => card.querySelector<HTMLButtonElement>('.actions button:not(.favorite-toggle)')?.disabled === false)
      .map((card) => card.querySelector('h3')?.textContent ?? ''),
  );
  const plentiful = names.filter((name) => PLENTIFUL.has(name));
  expect(plentiful.length).toBeGreaterThanOrEqual(PRODUCTS_IN_PLAY);
  return plentiful.slice(0, PRODUCTS_IN_PLAY);
}

/** Clicks in the page, in one task, and says what the click asked for (null: nothing to click). */
function act(page: Page, action: 'add' | 'favorite' | 'plus' | 'minus' | 'remove', name: string, pick: number) {
  return page.evaluate(
    ({ action, name, pick }): Op | null => {
      if (action === 'add' || action === 'favorite') {
        const card = [...document.querySelectorAll('article.product-card')].find((c) => c.querySelector('h3')?.textContent === name);
        if (!card) return null;
        if (action === 'add') {
          card.querySelector<HTMLButtonElement>('.actions button:not(.favorite-toggle)')!.click();
          return { kind: 'add', name };
        }
        const toggle = card.querySelector<HTMLButtonElement>('button.favorite-toggle')!;
        const on = toggle.getAttribute('aria-pressed') !== 'true';
        toggle.click();
        return { kind: 'favorite', name, on };
      }
      const lines = [...document.querySelectorAll('[data-testid="cart-line"]')];
      const line = lines[pick % Math.max(lines.length, 1)];
      if (!line) return null;
      const lineName = line.querySelector('.cart-line__name')?.textContent ?? '';
      if (action === 'remove') {
        [...line.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Retirer'))!.click();
        return { kind: 'remove', name: lineName };
      }
      const value = Number(line.querySelector('input')!.value);
      const to = action === 'plus' ? value + 1 : Math.max(0, value - 1);
      line.querySelector<HTMLButtonElement>(`button[aria-label="${action === 'plus' ? 'Ajouter' : 'Retirer'} un «\u202f${lineName}\u202f»"]`)!.click();
      return { kind: 'quantity', name: lineName, to };
    },
    { action, name, pick },
  );
}

/** What a tab holds: its copy of storage and its header counts. */
function tabState(page: Page) {
  return page.evaluate(() => {
    const cart = JSON.parse(localStorage.getItem('cart') ?? '[]') as { name: string; quantity: number }[];
    const favorites = JSON.parse(localStorage.getItem('favorites') ?? '[]') as { name: string }[];
    return {
      cart: cart.map((line) => `${line.name} × ${line.quantity}`).sort(),
      favorites: favorites.map((product) => product.name).sort(),
      cartCount: Number(document.querySelector('[data-testid="cart-count"]')?.textContent),
      favoritesCount: Number(document.querySelector('[data-testid="favorites-count"]')?.textContent),
    };
  });
}

type TabState = Awaited<ReturnType<typeof tabState>>;

/** Every tab holds the same as the others, and its counts agree with what it holds. */
async function converged(pages: Page[]): Promise<TabState> {
  let last: TabState | undefined;
  await expect
    .poll(
      async () => {
        const states = await Promise.all(pages.map(tabState));
        last = states[0];
        const sum = (lines: string[]) => lines.reduce((n, line) => n + Number(line.split(' × ')[1]), 0);
        return states.every((s) => JSON.stringify(s) === JSON.stringify(states[0]) && s.cartCount === sum(s.cart) && s.favoritesCount === s.favorites.length);
      },
      { timeout: 20_000, message: 'every tab shows the same cart and favorites as storage' },
    )
    .toBe(true);
  return last!;
}

/** What each tab shows on its cart and favorites pages, reached by the header's links (no reload). */
async function shownLists(page: Page) {
  await page.getByRole('link', { name: /^Panier/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Votre panier' })).toBeVisible();
  const cart = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="cart-line"]')]
      .map((line) => `${line.querySelector('.cart-line__name')?.textContent} × ${line.querySelector('input')?.value}`)
      .sort(),
  );
  await page.getByRole('link', { name: /^Favoris/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vos favoris' })).toBeVisible();
  const favorites = await page.evaluate(() => [...document.querySelectorAll('[data-testid="favorite-line"] h2')].map((h) => h.textContent ?? '').sort());
  return { cart, favorites };
}

/**
 * Is `final` what some order of the tabs' operations gives, each tab's in the order it made
 * them? Operations on different products commute, so each product is checked on its own, over
 * every interleaving of the tabs' sequences (a walk over positions, not an enumeration).
 */
function reachable<S>(sequences: Op[][], apply: (state: S, op: Op) => S, initial: S, final: S): boolean {
  const key = (positions: number[]) => positions.join(',');
  let frontier = new Map<string, { positions: number[]; states: Set<string> }>([
    [key(sequences.map(() => 0)), { positions: sequences.map(() => 0), states: new Set([JSON.stringify(initial)]) }],
  ]);
  const total = sequences.reduce((n, s) => n + s.length, 0);
  for (let step = 0; step < total; step++) {
    const next = new Map<string, { positions: number[]; states: Set<string> }>();
    for (const { positions, states } of frontier.values()) {
      sequences.forEach((sequence, tab) => {
        if (positions[tab]! >= sequence.length) return;
        const moved = positions.map((p, i) => (i === tab ? p + 1 : p));
        const entry = next.get(key(moved)) ?? { positions: moved, states: new Set<string>() };
        for (const state of states) entry.states.add(JSON.stringify(apply(JSON.parse(state) as S, sequence[positions[tab]!]!)));
        next.set(key(moved), entry);
      });
    }
    frontier = next;
  }
  return [...frontier.values()].some(({ states }) => states.has(JSON.stringify(final)));
}

const quantityAfter = (quantity: number, op: Op): number => {
  if (op.kind === 'add') return quantity + 1;
  if (op.kind === 'remove') return 0;
  if (op.kind === 'quantity') return quantity === 0 ? 0 : Math.max(0, op.to);
  return quantity;
};
const favoriteAfter = (on: boolean, op: Op): boolean => (op.kind === 'favorite' ? op.on : on);

test.describe('several tabs at the same moment', () => {
  test.setTimeout(120_000);

  test('three tabs adding at once: every product’s quantity equals the number of clicks on it', async ({ context }) => {
    const pages = await openTabs(context, ['/boutique', '/boutique', '/boutique']);
    const names = await productsInPlay(pages[0]!);
    for (const page of pages.slice(1)) await expect(page.getByRole('heading', { level: 3, name: names[0] })).toBeVisible();
    const next = random(SEED);
    const clicks = new Map<string, number>();
    const plan = Array.from({ length: 60 }, () => ({ tab: Math.floor(next() * 3), name: names[Math.floor(next() * names.length)]! }));
    for (const { name } of plan) clicks.set(name, (clicks.get(name) ?? 0) + 1);

    await Promise.all(
      pages.map(async (page, tab) => {
        for (const { name } of plan.filter((p) => p.tab === tab)) expect(await act(page, 'add', name, 0)).not.toBeNull();
      }),
    );

    const final = await converged(pages);
    expect(final.cart, `seed ${SEED}`).toEqual([...clicks].map(([name, n]) => `${name} × ${n}`).sort());
    const fresh = await context.newPage();
    await fresh.goto('/panier');
    await expect(fresh.getByTestId('cart-count')).toHaveText('60');
  });

  test('three tabs interleave 100 random operations: every tab ends equal to storage and to the operations in one order', async ({ context }) => {
    console.log(`many-tabs seed: ${SEED}`);
    const [shopA, cartTab, shopB] = await openTabs(context, ['/boutique', '/panier', '/boutique']);
    const pages = [shopA!, cartTab!, shopB!];
    const names = await productsInPlay(shopA!);
    await expect(shopB!.getByRole('heading', { level: 3, name: names[0] })).toBeVisible();
    // Something to change on the cart page from the start.
    for (const name of names.slice(0, 3)) await act(shopA!, 'add', name, 0);
    await expect(cartTab!.getByTestId('cart-line')).toHaveCount(3);
    const seeded: Op[] = names.slice(0, 3).map((name) => ({ kind: 'add', name }));

    const next = random(SEED);
    const plan = Array.from({ length: 100 }, () => {
      const tab = Math.floor(next() * 3);
      const roll = next();
      const action = tab === 1 ? (roll < 0.45 ? 'plus' : roll < 0.75 ? 'minus' : 'remove') : roll < 0.65 ? 'add' : 'favorite';
      return { tab, action, name: names[Math.floor(next() * names.length)]!, pick: Math.floor(next() * 100) } as const;
    });
    // One sequence per tab, in the order it clicked; the last one: adds the cart tab, finding its
    // cart empty, made on the first shop tab instead (in order among themselves, but interleaved
    // with that tab's own clicks).
    const made: Op[][] = [[...seeded], [], [], []];
    await Promise.all(
      pages.map(async (page, tab) => {
        for (const step of plan.filter((p) => p.tab === tab)) {
          const op = await act(page, step.action, step.name, step.pick);
          if (op) made[tab]!.push(op);
          else made[3]!.push((await act(shopA!, 'add', step.name, 0))!);
        }
      }),
    );
    expect(made.flat()).toHaveLength(103);

    const final = await converged(pages);
    // What each tab renders (its React state) is what storage holds.
    for (const page of pages) {
      const shown = await shownLists(page);
      expect(shown.cart).toEqual(final.cart);
      expect(shown.favorites).toEqual(final.favorites);
    }
    for (const name of names) {
      const ofProduct = made.map((ops) => ops.filter((op) => op.name === name));
      const line = final.cart.find((l) => l.startsWith(`${name} × `));
      const quantity = line ? Number(line.split(' × ')[1]) : 0;
      expect(reachable(ofProduct, quantityAfter, 0, quantity), `cart: ${name} × ${quantity}, seed ${SEED}`).toBe(true);
      const favorite = final.favorites.includes(name);
      expect(reachable(ofProduct, favoriteAfter, false, favorite), `favorite: ${name}, seed ${SEED}`).toBe(true);
    }
  });
});
