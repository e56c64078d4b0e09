import type { ServiceWorkers } from '@/adapters/browser/service-worker-update';

/** A service worker as its page sees it: a state, 'statechange' events, and the messages it was sent. */
export class FakeServiceWorker extends EventTarget {
  state: ServiceWorkerState = 'parsed';
  readonly messages: unknown[] = [];

  constructor(
    readonly scriptURL: string,
    readonly version: number,
    private readonly receive: (worker: FakeServiceWorker, data: unknown) => void,
  ) {
    super();
  }

  postMessage(data: unknown): void {
    this.messages.push(structuredClone(data));
    this.receive(this, data);
  }

  become(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/** One registration: its installing, waiting and active workers, and 'updatefound' events. */
export class FakeServiceWorkerRegistration extends EventTarget {
  installing: FakeServiceWorker | null = null;
  waiting: FakeServiceWorker | null = null;
  active: FakeServiceWorker | null = null;

  constructor(
    readonly scope: string,
    readonly scriptURL: string,
  ) {
    super();
  }
}

const isSkipWaiting = (data: unknown): boolean => typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING';

/**
 * `navigator.serviceWorker` of one page, with the shop's worker as vite-plugin-pwa generates it
 * (dist/sw.js: registerType 'prompt', skipWaiting false, clientsClaim true): a worker that
 * installs while another is active waits, until it is sent { type: 'SKIP_WAITING' } (and only
 * that); it then activates, a moment later (message delivery is asynchronous), and controls the
 * page (controllerchange), as does the first worker, which never waits (clientsClaim). The
 * browser's own steps (a first install, an update found, another tab) are the test's to call.
 */
export class FakeServiceWorkerContainer extends EventTarget {
  controller: FakeServiceWorker | null = null;
  /** Chromium, at times: a worker told to skip waiting stays waiting while the old one still serves requests. */
  keepsNewWorkerWaiting = false;
  private registration: FakeServiceWorkerRegistration | null = null;
  private failure: unknown = null;
  private noAnswer = false;
  private versions = 0;

  /** A shopper's first visit: no worker registered yet, nothing controls the page. */
  static firstVisit(): FakeServiceWorkerContainer {
    return new FakeServiceWorkerContainer();
  }

  /** A returning shopper: the page opened under the control of the worker of version 1. */
  static returningShopper(): FakeServiceWorkerContainer {
    const browser = new FakeServiceWorkerContainer();
    browser.registration = new FakeServiceWorkerRegistration('/', '/sw.js');
    browser.install();
    return browser;
  }

  /** What the adapter is handed in place of `navigator.serviceWorker`. */
  get asServiceWorkers(): ServiceWorkers {
    return this as unknown as ServiceWorkers;
  }

  /** The page's registrations, as the browser keeps them. */
  registered(): Array<{ scriptURL: string; scope: string }> {
    return this.registration ? [{ scriptURL: this.registration.scriptURL, scope: this.registration.scope }] : [];
  }

  /** The worker that would answer a reload of the page now. */
  get activeVersion(): number | null {
    return this.registration?.active?.version ?? null;
  }

  /** The newest version installed (active or waiting). */
  get newestVersion(): number {
    return this.versions;
  }

  /** The waiting worker, if any. */
  get waitingWorker(): FakeServiceWorker | null {
    return this.registration?.waiting ?? null;
  }

  /** The worker that controls the page now. */
  get activeWorker(): FakeServiceWorker | null {
    return this.registration?.active ?? null;
  }

  failRegistrations(error: unknown): void {
    this.failure = error;
  }

  /** register() resolves with nothing, as a browser blocking workers for a test harness does. */
  answerWithoutRegistration(): void {
    this.noAnswer = true;
  }

  register(scriptURL: string, options: RegistrationOptions = {}): Promise<FakeServiceWorkerRegistration> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.noAnswer) return Promise.resolve(undefined as unknown as FakeServiceWorkerRegistration);
    const scope = options.scope ?? '/';
    if (!this.registration || this.registration.scriptURL !== scriptURL || this.registration.scope !== scope) {
      this.registration = new FakeServiceWorkerRegistration(scope, scriptURL);
    }
    return Promise.resolve(this.registration);
  }

  /**
   * The browser installs the worker the server now serves: the first one activates and claims
   * the page at once; any later one waits behind the active one.
   */
  install(): FakeServiceWorker {
    const registration = this.registration;
    if (!registration) throw new Error('Nothing registered: call register() first');
    this.versions += 1;
    const worker = new FakeServiceWorker(registration.scriptURL, this.versions, (to, data) => this.deliver(to, data));
    registration.installing = worker;
    worker.become('installing');
    registration.dispatchEvent(new Event('updatefound'));
    registration.installing = null;
    registration.waiting = worker;
    worker.become('installed');
    if (!registration.active) this.activate(worker);
    return worker;
  }

  /** Another tab of the shop let the waiting worker in. */
  activatedFromAnotherTab(): void {
    if (this.registration?.waiting) this.activate(this.registration.waiting);
  }

  private deliver(worker: FakeServiceWorker, data: unknown): void {
    if (!isSkipWaiting(data) || this.keepsNewWorkerWaiting) return;
    queueMicrotask(() => {
      if (this.registration?.waiting === worker) this.activate(worker);
    });
  }

  private activate(worker: FakeServiceWorker): void {
    const registration = this.registration!;
    const previous = registration.active;
    registration.waiting = null;
    registration.active = worker;
    previous?.become('redundant');
    worker.become('activating');
    // The clients of the old worker move to the new one; clientsClaim takes the others.
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
    worker.become('activated');
  }
}
