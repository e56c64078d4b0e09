import { describe, expect, it } from 'vitest';
import { cachePicturesSeenBeforeControl, type SeenResource, type ServiceWorkerControl } from '@/adapters/browser/pictures-seen-before-control';

const ORIGIN = 'https://boutique.example';

/** navigator.serviceWorker as the page sees it: a controller (or none), and 'controllerchange'. */
class FakeServiceWorkerContainer extends EventTarget implements ServiceWorkerControl {
  readonly messages: unknown[] = [];
  controller: ServiceWorkerControl['controller'];

  constructor(controlled: boolean) {
    super();
    this.controller = controlled ? this.worker() : null;
  }

  /** The worker claims the page (clientsClaim). */
  takeControl(): void {
    this.controller = this.worker();
    this.dispatchEvent(new Event('controllerchange'));
  }

  private worker() {
    return { postMessage: (message: unknown) => void this.messages.push(message) };
  }
}

const picture = (path: string, workerStart = 0): SeenResource => ({ name: `${ORIGIN}${path}`, workerStart });

function firstPage(seen: SeenResource[], controlled = false) {
  const serviceWorker = new FakeServiceWorkerContainer(controlled);
  cachePicturesSeenBeforeControl(serviceWorker, () => seen, ORIGIN);
  return serviceWorker;
}

describe('cachePicturesSeenBeforeControl', () => {
  it('hands the worker, when it takes control, the catalogue pictures the page loaded without it', () => {
    const seen = [
      picture('/images/catalogue/produits/bol-1.svg'),
      picture('/images/catalogue/categories/cuisine.svg'),
      picture('/images/catalogue/produits/bol-1.svg'),
    ];
    const serviceWorker = firstPage(seen);
    expect(serviceWorker.messages).toEqual([]);

    serviceWorker.takeControl();
    expect(serviceWorker.messages).toEqual([
      {
        type: 'CACHE_URLS',
        payload: {
          urlsToCache: [`${ORIGIN}/images/catalogue/produits/bol-1.svg`, `${ORIGIN}/images/catalogue/categories/cuisine.svg`],
        },
      },
    ]);
  });

  it('leaves out what is no catalogue picture, what the worker already served, and other sites', () => {
    const serviceWorker = firstPage([
      picture('/assets/index-abc.js'),
      picture('/images/stock/boutique-1.svg'),
      picture('/images/catalogue/produits/vu-par-le-worker.svg', 12.5),
      { name: 'https://ailleurs.example/images/catalogue/produits/bol-1.svg', workerStart: 0 },
      picture('/images/catalogue/produits/theiere-1.svg'),
    ]);
    serviceWorker.takeControl();
    expect(serviceWorker.messages).toEqual([{ type: 'CACHE_URLS', payload: { urlsToCache: [`${ORIGIN}/images/catalogue/produits/theiere-1.svg`] } }]);
  });

  it('sends nothing when the page showed no catalogue picture before', () => {
    const serviceWorker = firstPage([picture('/assets/index-abc.js')]);
    serviceWorker.takeControl();
    expect(serviceWorker.messages).toEqual([]);
  });

  it('does nothing in a page the worker controlled from its start, even when a new worker takes over', () => {
    const serviceWorker = firstPage([picture('/images/catalogue/produits/bol-1.svg')], true);
    serviceWorker.takeControl();
    expect(serviceWorker.messages).toEqual([]);
  });

  it('hands them over once', () => {
    const serviceWorker = firstPage([picture('/images/catalogue/produits/bol-1.svg')]);
    serviceWorker.takeControl();
    serviceWorker.takeControl();
    expect(serviceWorker.messages).toHaveLength(1);
  });
});
