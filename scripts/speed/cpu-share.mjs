// A larger share of the CPU for the processes that measure speed (Chromium and the two preview
// servers of the speed bench), so that other jobs on the machine (a build, another checkout's
// tests) take less of the cores while a page is measured.
//
// What it does, exactly: the process is started in a session of its own (`detached`: setsid),
// hence in a scheduling autogroup of its own that every process it starts inherits, and, as
// root, that group's niceness is set to MEASURING_NICENESS by writing /proc/<pid>/autogroup.
// The kernel then gives the group a larger weight against the machine's other groups when
// they compete for a core, and nothing else changes: the processes run the same code, and
// Lighthouse records and audits its own trace untouched. The other jobs still run and still
// take their turns on the cores, less often; on an idle machine it changes nothing. (The Node
// process that drives Lighthouse keeps the default share: it is not the page being measured.)
// The floor and the shop's pages are measured in the same Chromium and served alike, so both
// sides of every ratio get the same share.
//
// Why it matters: Lighthouse's simulated throttling takes each main-thread task's duration
// from the trace, wall time, so the time the renderer waited for a core is counted as work,
// multiplied by 4 as everything else, in TBT above all.
//
// Why not `nice -n -10 chromium`: Chromium sets the nice values of its processes and threads
// itself, absolutely (a foreground renderer's main thread to 0, a background one to 5,
// compositor threads to -8), and forks renderers from threads it has set to 0. And with the
// kernel's autogroups (/proc/sys/kernel/sched_autogroup_enabled = 1) nice values only rank
// threads within one session: sessions share the CPU as groups. Hence the group's niceness.
// Only root may lower a niceness, and without autogroups there is no group to raise: the
// process then runs at the default share, and the niceness returned is 0 (the table says so).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export const MEASURING_NICENESS = -10;
const AUTOGROUPS = '/proc/sys/kernel/sched_autogroup_enabled';

function canRaiseAutogroup() {
  return process.getuid?.() === 0 && existsSync(AUTOGROUPS) && readFileSync(AUTOGROUPS, 'utf8').trim() === '1';
}

/** spawn(), in an autogroup of its own at MEASURING_NICENESS when allowed: { child, niceness }. */
export function spawnWithCpuShare(command, args, options = {}) {
  const boost = canRaiseAutogroup();
  const child = spawn(command, args, { ...options, detached: boost });
  if (!boost || !child.pid) return { child, niceness: 0 };
  try {
    writeFileSync(`/proc/${child.pid}/autogroup`, String(MEASURING_NICENESS));
    return { child, niceness: MEASURING_NICENESS };
  } catch {
    // Already gone (the caller sees it exit), or a kernel that refuses: the default share.
    return { child, niceness: 0 };
  }
}
