import type { Clock } from '@/ports/clock';

// Long enough for the browser to have read the file, short enough not to keep it for the page's life.
const REVOKE_AFTER_MS = 60_000;

/** Hands `text` to the browser as a downloaded file named `fileName`. */
export function downloadCsv(text: string, fileName: string, clock: Clock): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  clock.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
