/**
 * How long an item edit takes to become visible, and how long the storefront stalls meanwhile
 * (docs/decisions/0020-catalogue-editing.md). Builds a throwaway SQLite database with the demo
 * catalogue and N synthetic items, then, in one process as the server runs it, edits items
 * through the editor service: a price and a title (laid over the index), and a status (hidden,
 * then shown again: taken out of the index and put back in).
 * "Visible" is the time from the call until the editing process's index answers the new value;
 * "stall" is the longest the event loop was blocked meanwhile (a 1 ms timer's worst lateness).
 *
 *   node --import tsx scripts/bench/item-edit-bench.ts [--items 50000] [--edits 5] [--only price|title|status] [--file DB]
 * `--file DB`: an existing SQLite database instead (e.g. the bench's kept
 * `<keep>/sqlite-500000/bench.db`), seeded once; the edits stay in it.
 */
import { editorOf } from '../../src/server/catalogue/item-editor/service';
import { withStall } from './stall';
import { withShopOn, withThrowawayShop } from './throwaway-shop';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const items = arg('items', 50_000);
const edits = arg('edits', 5);
/** `--only price`, `--only title` or `--only status`: one kind of edit. */
const file = process.argv.includes('--file') ? process.argv[process.argv.indexOf('--file') + 1]! : undefined;
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;

async function main(): Promise<void> {
  const run = (work: Parameters<typeof withShopOn>[1]) => (file ? withShopOn(file, work) : withThrowawayShop('item-edit-bench', items, work));
  await run(async (ctx) => {
    const database = ctx.database;
    const built = await withStall(() => ctx.catalogue.refresh());
    console.log(`${ctx.catalogue.current().items.length.toLocaleString('en-US')} items; first build ${built.ms.toFixed(0)} ms`);
    const actor = { label: 'bench', display: 'Bench', ip: '' };
    const nums = Array.from(ctx.catalogue.current().byNum.keys()).slice(-edits * 2);
    const word = Math.random().toString(36).slice(2, 10);
    let tag = 0;
    for (const [kind, change] of [
      ['price (patch)', (e: { price: number; srp: number }) => ({ price: Math.min(e.price + 0.01, e.srp) })],
      // A word no item has (the search index's word list grows: the costlier case).
      ['title (patch)', (e: { web_Title: string }) => ({ web_Title: `${e.web_Title.replace(/ edit[a-z0-9]+$/, '')} edit${word}${tag}` })],
      // Hidden, then shown again (the same item): taken out of the index, put back in.
      ['status (shift)', (e: { status: string }) => ({ status: e.status === 'active' ? ('hidden' as const) : ('active' as const) })],
    ] as const) {
      if (only && !kind.startsWith(only)) continue;
      const visible: number[] = [];
      const stalls: number[] = [];
      for (let i = 0; i < edits; i++) {
        tag = i;
        const num = kind.startsWith('price') ? nums[i]! : kind.startsWith('title') ? nums[edits + i]! : nums[Math.floor(i / 2)]!;
        const before = (await editorOf(database.db, num))!;
        const { photos: _photos, ...body } = { ...before, ...change(before as never) };
        const r = await withStall(() => ctx.items.update(actor, num, body));
        const shown = ctx.catalogue.current().byNum.get(num);
        const seen = kind.startsWith('status') ? (shown !== undefined) === (body.status === 'active') : 'web_Title' in change(before as never) ? shown!.title === body.web_Title : shown!.priceCents === Math.round(body.price * 100);
        if (!seen) throw new Error('edit not visible');
        visible.push(r.ms);
        stalls.push(r.stallMs);
      }
      const fmt = (xs: number[]) => `median ${median(xs).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
      console.log(`${kind}: visible in this process ${fmt(visible)}; longest storefront stall ${fmt(stalls)}`);
    }
  });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
