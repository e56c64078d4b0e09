import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import dbus from 'dbus-next';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config';
import { watchHeaders } from './fixtures';

// The desktop's notifications, as Chromium on Linux shows them: it hands each one to whatever
// owns org.freedesktop.Notifications on the session's message bus, and a click there (the
// ActionInvoked signal, action « default ») is the shopper's click: Chromium dispatches
// `notificationclick` to the shop's service worker. Here a private dbus-daemon and this small
// server play the desktop, so a test reads what the shopper would read and clicks it.
//
// Chromium routes a click back to a regular profile only (a Playwright context is an
// off-the-record one), hence the persistent profile.

const { Interface } = dbus.interface;

/** One notification as the desktop received it. */
export interface DesktopNotification {
  readonly id: number;
  /** The notification's title. */
  summary: string;
  /** Chromium's body: the site, a blank line, then the notification's own text. */
  body: string;
}

class NotificationServer extends Interface {
  readonly shown: DesktopNotification[] = [];
  private next = 1;

  constructor() {
    super('org.freedesktop.Notifications');
  }

  GetCapabilities(): string[] {
    return ['actions', 'body'];
  }

  Notify(_app: string, replaces: number, _icon: string, summary: string, body: string): number {
    // A notification of the same tag replaces the one shown (replaces_id): the desktop shows it once.
    const shown = this.shown.find((n) => n.id === replaces);
    if (shown) return Object.assign(shown, { summary, body }).id;
    const id = this.next++;
    this.shown.push({ id, summary, body });
    return id;
  }

  CloseNotification(): void {}

  GetServerInformation(): string[] {
    return ['boutique-tests', 'boutique', '1', '1.2'];
  }

  ActionInvoked(id: number, action: string): unknown[] {
    return [id, action];
  }

  NotificationClosed(id: number, reason: number): unknown[] {
    return [id, reason];
  }
}
NotificationServer.configureMembers({
  methods: {
    GetCapabilities: { outSignature: 'as' },
    Notify: { inSignature: 'susssasa{sv}i', outSignature: 'u' },
    CloseNotification: { inSignature: 'u' },
    GetServerInformation: { outSignature: 'ssss' },
  },
  signals: { ActionInvoked: { signature: 'us' }, NotificationClosed: { signature: 'uu' } },
});

export interface Desktop {
  /** A Chromium of its own (persistent profile) whose notifications this desktop shows. */
  context: BrowserContext;
  /** Every notification shown so far, oldest first. */
  shown(): readonly DesktopNotification[];
  /** What the desktop was asked to show, « title | text », in order: a notification shown twice is there twice. */
  seen(): string[];
  /** The shopper clicks the notification. */
  click(notification: DesktopNotification): void;
  close(): Promise<void>;
}

/**
 * Starts the message bus, the notification server and a browser using them. `refused`: the test's
 * refusedByHeaders (tests/e2e/fixtures.ts), which this browser reports to as well.
 */
export async function openDesktop(options: { baseURL: string; viewport: { width: number; height: number }; refused: string[] }): Promise<Desktop> {
  const dir = mkdtempSync(join(tmpdir(), 'boutique-desktop-'));
  const address = `unix:path=${join(dir, 'bus')}`;
  // A bus of its own that starts no service (the session's default would start the accessibility bus).
  const config = join(dir, 'bus.conf');
  writeFileSync(
    config,
    `<busconfig><type>session</type><listen>${address}</listen><auth>EXTERNAL</auth>` +
      '<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy></busconfig>',
  );
  const daemon: ChildProcess = spawn('/usr/bin/dbus-daemon', [`--config-file=${config}`, '--nofork', '--nopidfile', '--print-address=1'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await new Promise<void>((resolve, reject) => {
    daemon.once('error', reject);
    daemon.stdout!.once('data', () => resolve());
  });
  const bus = dbus.sessionBus({ busAddress: address });
  const server = new NotificationServer();
  bus.export('/org/freedesktop/Notifications', server);
  await bus.requestName('org.freedesktop.Notifications', 0);
  const context = await chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    locale: 'fr-FR',
    baseURL: options.baseURL,
    viewport: options.viewport,
    permissions: ['notifications'],
    serviceWorkers: 'allow',
    env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: address },
  });
  watchHeaders(context, options.refused);
  return {
    context,
    shown: () => [...server.shown],
    seen: () => server.shown.map((n) => `${n.summary} | ${n.body.split('\n').at(-1)}`),
    click: (notification) => server.ActionInvoked(notification.id, 'default'),
    close: async () => {
      await context.close();
      bus.disconnect();
      daemon.kill();
      rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}
