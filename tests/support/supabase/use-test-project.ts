// Kept apart from test-project.ts, which the Playwright suites import too: this one is Vitest's.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTestProject, type TestProject } from './test-project';

/** The test project of a file or a describe block: started once, reset before each test, stopped after all. */
export function useTestProject(): () => TestProject {
  let project: TestProject | undefined;
  beforeAll(async () => {
    project = await startTestProject();
  }, 120_000);
  afterAll(async () => {
    await project?.cluster.stop();
  });
  beforeEach(async () => {
    await project!.cluster.reset();
  });
  return () => project!;
}

/** A browser's push subscription keys, as PushSubscription.toJSON() gives them. */
export const pushKeys = () => ({ p256dh: `B${randomBytes(64).toString('base64url').slice(0, 86)}`, auth: randomBytes(16).toString('base64url') });
