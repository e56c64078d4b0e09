import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

// The Nu Html Checker (the vnu-jar package, run by the machine's Java), as every end-to-end test
// that checks HTML runs it: errors only, one Java start for a batch of files.

const run = promisify(execFile);

const VNU_JAR = fileURLToPath(import.meta.resolve('vnu-jar/build/dist/vnu.jar'));
/**
 * A short-lived checker: the quick compiler only and the serial collector halve its CPU time (about
 * 5 s to 2.5 s of user time for the seven prerendered pages, measured on this kind of machine);
 * with that compiler the schema's recursion needs a larger stack than the default.
 */
const JAVA_OPTIONS = ['-Xss4m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];
const JAVA_HELP =
  'The Nu Html Checker (vnu-jar) needs Java, and `java` was not found: install a Java runtime (`apt-get install -y default-jre-headless`; npm test does it when run as root).';

interface VnuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/**
 * The checker's errors in `files` (paths), one line each: the file (as `name` gives it), the line,
 * the message and the markup it is about. A file it cannot read counts as an error.
 */
export async function htmlErrors(files: readonly string[], name: (path: string) => string = (path) => path): Promise<string[]> {
  try {
    await run('java', ['-version']);
  } catch {
    throw new Error(JAVA_HELP);
  }
  // vnu exits with 1 when it finds an error; its report goes to stderr either way.
  const report = await run('java', [...JAVA_OPTIONS, '-jar', VNU_JAR, '--format', 'json', '--errors-only', ...files], { maxBuffer: 16 * 1024 * 1024 }).then(
    ({ stderr }) => stderr,
    (error: { stderr?: string }) => error.stderr ?? '',
  );
  let messages: VnuMessage[];
  try {
    ({ messages } = JSON.parse(report) as { messages: VnuMessage[] });
  } catch {
    throw new Error(`The Nu Html Checker gave no report:\n${report}`);
  }
  return messages
    .filter((m) => m.type === 'error' || m.type === 'non-document-error')
    .map(
      (m) =>
        `${name(decodeURIComponent(m.url?.replace(/^file:/, '') ?? '?'))}:${m.lastLine ?? '?'}: ${m.message}${m.extract ? `\n    ${m.extract.replace(/\s+/g, ' ')}` : ''}`,
    );
}
