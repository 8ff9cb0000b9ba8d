/**
 * `node --import tsx scripts/bench-web/search-trace.ts [--queries N] [--out DIR]`: where the time
 * of bench-web's search figure goes. Same page, viewport and queries as search-paint.ts; for each
 * query a Chrome trace (CDP Tracing) from just before the debounce to the painted frame, summarised
 * as the renderer main thread's work after the `search-debounced` mark: scripting, style, layout,
 * paint, and the gaps between tasks, plus when the frame that holds the results was presented.
 * Uses dist/web as it is (run `npx vite build` first). With --out, writes each trace as JSON
 * (open it in DevTools' Performance panel).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser, startShop } from '../../e2e/support/shop';
import { SEARCH_QUERIES, waitForResults } from './search-paint';

const { values } = parseArgs({ options: { queries: { type: 'string', default: '8' }, out: { type: 'string' }, profile: { type: 'boolean', default: false }, all: { type: 'boolean', default: false } } });

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self and inclusive milliseconds per function (name, file, line) over a CPU profile's samples. */
function summariseProfile(profile: Profile, top = 45) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const key = (n: ProfileNode) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*\//, '')}:${n.callFrame.lineNumber + 1}`;
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') return;
    all += dt;
    self.set(key(node), (self.get(key(node)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const k = key(byId.get(cur)!);
      if (!seen.has(k)) total.set(k, (total.get(k) ?? 0) + dt);
      seen.add(k);
    }
  });
  const print = (title: string, m: Map<string, number>) => {
    console.log(`\n${title} (busy ${all.toFixed(0)} ms)`);
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${v.toFixed(1).padStart(8)}  ${k}`);
  };
  print('self time', self);
  print('inclusive time', total);
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; name?: string; detail?: unknown };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'toplevel',
  'v8.execute',
  'latencyInfo',
].join(',');

async function main() {
  const shop = await startShop();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript('window.__name = (f) => f;');
    await context.addInitScript('performance.setResourceTimingBufferSize(100000);');
    const page = await context.newPage();
    await page.goto(`${shop.url}/products?search=balloon`, { waitUntil: 'networkidle' });
    const box = page.getByRole('searchbox', { name: 'Search products' });
    const cdp = await context.newCDPSession(page);
    const queries = ['latex', ...SEARCH_QUERIES.slice(0, Number(values.queries))];
    if (values.profile) {
      await Promise.all([page.evaluate(waitForResults, 'latex'), box.fill('latex')]);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      for (const q of queries.slice(1)) {
        const [timing] = await Promise.all([page.evaluate(waitForResults, q), box.fill(q)]);
        console.log(`${q}: toDom ${timing?.toDom.toFixed(1)} toPaint ${timing?.toPaint.toFixed(1)}`);
      }
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      if (values.out) writeFileSync(join(values.out, 'search.cpuprofile'), JSON.stringify(profile));
      summariseProfile(profile);
      return;
    }
    for (const q of queries) {
      const events: TraceEvent[] = [];
      const onData = (e: { value: object[] }) => events.push(...(e.value as TraceEvent[]));
      cdp.on('Tracing.dataCollected', onData);
      await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
      const [timing] = await Promise.all([page.evaluate(waitForResults, q), box.fill(q)]);
      await page.waitForTimeout(100);
      const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
      await cdp.send('Tracing.end');
      await done;
      cdp.off('Tracing.dataCollected', onData);
      if (q === 'latex') continue;
      if (values.out) writeFileSync(join(values.out, `search-${q}.json`), JSON.stringify({ traceEvents: events }));
      summarise(q, events, timing);
    }
    await context.close();
  } finally {
    await browser.close();
    await shop.stop();
  }
}

function summarise(q: string, events: TraceEvent[], timing: { toDom: number; toPaint: number; api: number } | null) {
  const mark = events.find((e) => e.name === 'search-debounced' && e.cat.includes('blink.user_timing') && (e.ph === 'R' || e.ph === 'I' || e.ph === 'b' || e.ph === 'n'));
  if (!mark) {
    console.log(`${q}: no mark in the trace`);
    return;
  }
  const main = events.find((e) => e.name === 'thread_name' && e.pid === mark.pid && e.args?.name === 'CrRendererMain');
  const tid = main?.tid ?? mark.tid;
  const t0 = mark.ts;
  const rel = (ts: number) => ((ts - t0) / 1000).toFixed(1);
  const end = t0 + (timing?.toPaint ?? 300) * 1000 + 5000;
  const onMain = events.filter((e) => e.pid === mark.pid && e.tid === tid && e.ts >= t0 - 2000 && e.ts <= end && e.ph === 'X');
  console.log(`\n== ${q}: toDom ${timing?.toDom.toFixed(1)} toPaint ${timing?.toPaint.toFixed(1)} api ${timing?.api.toFixed(1)} ms`);
  const tasks = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask').sort((a, b) => a.ts - b.ts);
  const interesting = new Set([
    'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'v8.callFunction', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'Commit',
    'UpdateLayer', 'CompositeLayers', 'ParseHTML', 'ResourceReceiveResponse', 'ResourceFinish', 'XHRReadyStateChange', 'RunMicrotasks', 'v8.run', 'Decode Image', 'Decode LazyPixelRef', 'ImageDecodeTask', 'HitTest', 'ScheduleStyleRecalculation', 'IntersectionObserverController::computeIntersections', 'BeginMainThreadFrame', 'UpdateLayoutTree', 'MarkLoad', 'MarkDOMContent', 'ResourceSendRequest', 'PaintImage', 'V8.GC_SCAVENGER', 'MinorGC', 'MajorGC', 'V8.GCScavenger', 'V8.GC_MC_BACKGROUND_MARKING', 'BlinkGC.AtomicPhase', 'ProfileCall',
  ]);
  for (const task of tasks) {
    if ((task.dur ?? 0) < 300) continue;
    const inner = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0) && (values.all ? !e.name.includes('RunTask') : interesting.has(e.name)) && (e.dur ?? 0) >= (values.all ? 100 : 300));
    const parts = inner.map((e) => {
      const d = e.args?.data ?? {};
      const what = (d.functionName as string) || (d.url as string)?.replace(/^.*\//, '') || (d.type as string) || '';
      return `${e.name}${what ? `(${what})` : ''} ${((e.dur ?? 0) / 1000).toFixed(1)}`;
    });
    console.log(`  +${rel(task.ts)} .. +${rel(task.ts + (task.dur ?? 0))} task ${((task.dur ?? 0) / 1000).toFixed(1)} ms: ${parts.join(', ')}`);
  }
  for (const e of events.filter((e) => e.pid === mark.pid && e.ts >= t0 && e.ts <= end && ['ResourceSendRequest', 'ResourceReceiveResponse', 'ResourceFinish'].includes(e.name))) {
    const url = String(e.args?.data?.url ?? '');
    if (url.includes('beapi')) console.log(`  +${rel(e.ts)} ${e.name} ${url.replace(/^.*beapi/, '')}`);
  }
  const frames = events.filter((e) => e.ts >= t0 && e.ts <= end && ['DrawFrame', 'Graphics.Pipeline.DrawAndSwap', 'PipelineReporter', 'Display::FrameDisplayed', 'BeginFrame', 'DroppedFrame'].includes(e.name));
  console.log(`  frames: ${frames.map((f) => `${f.name}@+${rel(f.ts)}${f.dur ? `(${(f.dur / 1000).toFixed(1)})` : ''}`).join(' ')}`);
}

await main();
