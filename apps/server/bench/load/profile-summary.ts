/**
 * Self time of a V8 CPU profile (.cpuprofile), by package and by function: where the server's
 * time goes. `tsx bench/load/profile-summary.ts <file.cpuprofile>` prints it; run.ts calls it
 * after a --cpu-prof run.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Which package (or part of this repo) a function belongs to, from its script URL. */
export function packageOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const path = url.replace(/^file:\/\//, '');
  const modules = path.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [scope, name] = path.slice(modules + '/node_modules/'.length).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  if (path.includes('/src/generated/prisma/')) return 'prisma generated client';
  const workspace = /\/(packages|apps)\/([^/]+)\/(?:src|bench)\/(?:([^/]+)\/)?/.exec(path);
  if (workspace) {
    const [, kind, name, dir] = workspace;
    if (kind === 'packages') return `@banco/${name}`;
    return `${name}/${dir && !dir.includes('.') ? dir : '(top)'}`;
  }
  return path;
}

export interface ProfileSummary {
  totalMs: number;
  byPackage: { name: string; ms: number; share: number }[];
  byFunction: { name: string; where: string; ms: number; share: number }[];
}

export function summariseProfile(file: string, top = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  /**
   * Node's own code and native functions (a write syscall, say) count for the package that
   * called them: the socket writes of pg are pg's cost, those of ws are socket.io's.
   */
  const ownerOf = (
    id: number,
    own = packageOf(nodes.get(id)!.callFrame.url, nodes.get(id)!.callFrame.functionName),
  ): string => {
    const { url, functionName } = nodes.get(id)!.callFrame;
    const lent = (url === '' && !functionName.startsWith('(')) || url.startsWith('node:');
    if (!lent) return packageOf(url, functionName);
    const parent = parents.get(id);
    return parent === undefined ? own : ownerOf(parent, own);
  };
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, { where: string; ms: number }>();
  let totalMs = 0;
  for (const [id, ms] of selfMs) {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    totalMs += ms;
    const where = ownerOf(id);
    byPackage.set(where, (byPackage.get(where) ?? 0) + ms);
    const file = url.split('/').pop() ?? '';
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}\u0000${where}`;
    const entry = byFunction.get(key) ?? { where, ms: 0 };
    entry.ms += ms;
    byFunction.set(key, entry);
  }
  const share = (ms: number) => ms / Math.max(totalMs, 1e-9);
  return {
    totalMs,
    byPackage: [...byPackage]
      .map(([name, ms]) => ({ name, ms, share: share(ms) }))
      .sort((a, b) => b.ms - a.ms),
    byFunction: [...byFunction]
      .map(([key, { where, ms }]) => ({
        name: key.split('\u0000')[0]!,
        where,
        ms,
        share: share(ms),
      }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top),
  };
}

export function formatSummary(summary: ProfileSummary, top = 15): string {
  const pct = (share: number) => `${(100 * share).toFixed(1).padStart(5)} %`;
  return [
    `busy ${(summary.totalMs / 1000).toFixed(1)} s (idle excluded); self time by package (Node's internals and native functions count for their caller's):`,
    ...summary.byPackage.slice(0, top).map((p) => `  ${pct(p.share)}  ${p.name}`),
    'top functions by self time:',
    ...summary.byFunction.map((f) => `  ${pct(f.share)}  ${f.name}  [${f.where}]`),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile>');
  console.log(formatSummary(summariseProfile(file)));
}
