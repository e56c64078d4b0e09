// The mutation score of several Stryker scopes together (`npm run test:mutation` runs `domain`
// then `spec-ui`, and each run prints only its own). Reads the JSON reports that
// stryker.config.mjs writes to .reports/mutation/<scope>.json and counts as Stryker does: killed
// and timed-out mutants are detected; survived and uncovered ones are not; mutants that did not
// compile or broke the run, and ignored ones (static), are left out.
//   node scripts/test/mutation-score.mjs domain spec-ui
import { readFileSync } from 'node:fs';

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** Counts per status of one scope's report. */
export function countMutants(report) {
  const counts = {};
  for (const file of Object.values(report.files)) {
    for (const mutant of file.mutants) counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
  }
  return counts;
}

/** Stryker's mutation score, in percent, of the summed counts. */
export function scoreOf(counts) {
  let detected = 0;
  let undetected = 0;
  for (const [status, count] of Object.entries(counts)) {
    if (DETECTED.has(status)) detected += count;
    else if (UNDETECTED.has(status)) undetected += count;
  }
  const valid = detected + undetected;
  return { detected, valid, score: valid === 0 ? Number.NaN : (100 * detected) / valid };
}

function line(name, counts) {
  const { detected, valid, score } = scoreOf(counts);
  const detail = Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status} ${count}`)
    .join(', ');
  return `${name.padEnd(12)} ${score.toFixed(2).padStart(6)} %  ${detected} / ${valid} detected  (${detail})`;
}

const scopes = process.argv.slice(2);
if (scopes.length > 0) {
  const total = {};
  for (const scope of scopes) {
    const counts = countMutants(JSON.parse(readFileSync(`.reports/mutation/${scope}.json`, 'utf8')));
    console.log(line(scope, counts));
    for (const [status, count] of Object.entries(counts)) total[status] = (total[status] ?? 0) + count;
  }
  console.log(line('together', total));
}
