import { staffSignIn } from './admin-bench';

/**
 * Item edits beside the storefront load (issue 18: "one item edit per second while the storefront
 * bench runs … the edit is visible within 5 s"). A catalogue manager's loop: every second it opens
 * a random item in the editor, saves a change, then watches the storefront until a buyer sees it.
 *   price: the price and SRP (the index is patched: docs/decisions/0020)
 *   title: the title (laid over the index in place, the search words follow)
 *   status: hides a random item, and on the next tick shows it again (the index takes the item
 *           out and puts it back in place: docs/decisions/0020); seen when a search for its
 *           number stops or starts finding it
 */

export type EditKind = 'price' | 'title' | 'status';

export interface EditRun {
  kind: EditKind;
  edits: number;
  failed: number;
  /** Milliseconds from the save until the storefront's detail and search show the edit, each edit. */
  visibleMs: number[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Dollars to whole cents (15.49 + 1 is 16.490000000000002, which the shop stores and answers as 16.49). */
const cents = (dollars: number) => Math.round(dollars * 100) / 100;

export async function editsAtRate(shopUrl: string, itemNums: string[], kind: EditKind, seconds: number): Promise<EditRun> {
  const staff = await staffSignIn(shopUrl);
  const headers = { cookie: staff.cookie, 'x-csrf-token': staff.csrf, 'content-type': 'application/json' };
  const run: EditRun = { kind, edits: 0, failed: 0, visibleMs: [] };
  const until = Date.now() + seconds * 1000;
  let n = 0;
  /** The item the last status edit hid (the next one shows it again). */
  let hidden: string | null = null;
  while (Date.now() < until) {
    const tick = Date.now();
    const num: string = kind === 'status' && hidden !== null ? hidden : itemNums[Math.floor(Math.random() * itemNums.length)]!;
    n++;
    try {
      const item = (await (await fetch(`${shopUrl}/beapi/Admin/Items/${num}`, { headers })).json()) as { price: number; srp: number; web_Title: string; status: string; photos?: unknown };
      const { photos: _photos, ...body } = item;
      // A price change keeps SRP ≥ price; a title change adds a word buyers can search for.
      const word = `bench${n}x${Math.floor(Math.random() * 1e6)}`;
      const changed =
        kind === 'price'
          ? { ...body, srp: cents(body.srp + 1), price: cents(body.price + 0.01) }
          : kind === 'status'
            ? { ...body, status: hidden === null ? 'hidden' : 'active' }
            : { ...body, web_Title: `${body.web_Title.replace(/ bench\d+x\d+$/, '')} ${word}`.slice(0, 200) };
      if (kind === 'status') hidden = hidden === null ? num : null;
      const saved = Date.now();
      const res = await fetch(`${shopUrl}/beapi/Admin/Items/${num}`, { method: 'PUT', headers, body: JSON.stringify(changed) });
      if (!res.ok) throw new Error(`PUT answered ${res.status}`);
      run.edits++;
      for (;;) {
        const detail = (await (await fetch(`${shopUrl}/beapi/Inventory/GetItemDetail?itemNum=${num}`)).json()) as { srp: number; web_Title: string };
        const found = async (text: string) => ((await (await fetch(`${shopUrl}/beapi/Inventory/GetPagedItemsForSearch?searchtext=${text}`)).json()) as { items: { num: string }[] }).items.some((i) => i.num === num);
        const seen =
          kind === 'price'
            ? detail.srp === changed.srp
            : kind === 'status'
              ? (await found(encodeURIComponent(num))) === (changed.status === 'active')
            : detail.web_Title === changed.web_Title &&
              (await found(word));
        if (seen) break;
        if (Date.now() - saved > 60_000) throw new Error(`${kind} edit of ${num} not visible after 60 s`);
        await sleep(50);
      }
      run.visibleMs.push(Date.now() - saved);
    } catch (err) {
      run.failed++;
      console.error(`    edit failed: ${(err as Error).message}`);
    }
    await sleep(Math.max(0, 1000 - (Date.now() - tick)));
  }
  return run;
}

export function describeEdits(r: EditRun): string {
  const s = [...r.visibleMs].sort((a, b) => a - b);
  const med = s.length ? s[Math.floor(s.length / 2)]! : NaN;
  const max = s.length ? s[s.length - 1]! : NaN;
  return `${r.edits} ${r.kind} edits${r.failed ? ` (${r.failed} failed)` : ''}, visible after median ${med} ms, max ${max} ms (target ≤ 5000: ${r.failed === 0 && max <= 5000 ? 'met' : 'NOT met'})`;
}
