import { describe, expect, it } from 'vitest';
import { ConsoleMailer } from '@/adapters/console-mailer/console-mailer';
import type { Mail, Mailer } from '@/ports/mailer';
import { FakeClock } from '../fakes/fake-clock';
import { RecordingLogger } from '../fakes/recording-logger';

const adapters: Array<{ name: string; make(clock: FakeClock, logger: RecordingLogger): Mailer }> = [
  { name: 'ConsoleMailer', make: (clock, logger) => new ConsoleMailer(clock, logger) },
];

const mail: Mail = {
  to: 'lea@exemple.fr',
  subject: 'Bienvenue dans notre newsletter',
  body: 'Merci de votre inscription.\nSe désinscrire : /newsletter/desinscription?token=abc',
};

function track(promise: Promise<void>): { settled: () => boolean } {
  let settled = false;
  void promise.then(() => (settled = true));
  return { settled: () => settled };
}

describe.each(adapters)('Mailer contract: $name', ({ make }) => {
  it('hands the mail over after the simulated 100 ms, not before', async () => {
    const clock = new FakeClock();
    const mailer = make(clock, new RecordingLogger());
    const sending = track(mailer.send(mail));
    await clock.advanceAsync(99);
    expect(sending.settled()).toBe(false);
    await clock.advanceAsync(1);
    expect(sending.settled()).toBe(true);
  });

  it('logs the subject and the body, and only once the delay has passed (spec §7: nothing is sent)', async () => {
    const clock = new FakeClock();
    const logger = new RecordingLogger();
    const mailer = make(clock, logger);
    const sending = mailer.send(mail);
    expect(logger.entries).toEqual([]);
    await clock.advanceAsync(100);
    await sending;
    const logged = logger.entries.map((e) => [e.message, ...e.details].join('\n')).join('\n');
    expect(logged).toContain(mail.subject);
    expect(logged).toContain(mail.body);
    expect(logged).toContain(mail.to);
  });

  it('sends mails started together independently, each after its own delay', async () => {
    const clock = new FakeClock();
    const logger = new RecordingLogger();
    const mailer = make(clock, logger);
    const first = track(mailer.send(mail));
    await clock.advanceAsync(50);
    const second = track(mailer.send({ ...mail, to: 'marc@exemple.fr' }));
    await clock.advanceAsync(50);
    expect([first.settled(), second.settled()]).toEqual([true, false]);
    await clock.advanceAsync(50);
    expect([first.settled(), second.settled()]).toEqual([true, true]);
    expect(logger.entries).toHaveLength(2);
  });
});
