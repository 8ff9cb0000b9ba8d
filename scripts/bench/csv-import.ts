/**
 * How long a back office CSV import of N changed rows takes (issue 18: 50,000 rows in under a
 * minute), and how long the storefront's event loop stalls meanwhile. Builds a throwaway SQLite
 * database with the demo catalogue and N synthetic items, exports them (the admin export), moves
 * every synthetic item's price by one cent in the file, then runs the admin import's dry run and
 * its apply (the job, chunk by chunk, as the server runs it) in this process.
 *
 *   node --import tsx scripts/bench/csv-import.ts [--items 50000]
 */
import { parseCsv } from '../../src/server/catalogue/csv';
import { csvLine } from '../../src/server/platform/csv/csv';
import { withStall } from './stall';
import { withThrowawayShop } from './throwaway-shop';

const at = process.argv.indexOf('--items');
const items = at > 0 ? Number(process.argv[at + 1]) : 50_000;

/** `work`'s time in seconds and the longest stall of the event loop meanwhile. */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; s: string; stall: string }> {
  const r = await withStall(work);
  return { value: r.value, s: `${(r.ms / 1000).toFixed(1)} s`, stall: `${r.stallMs.toFixed(0)} ms` };
}

async function main(): Promise<void> {
  await withThrowawayShop('csv-import-bench', items, async (ctx) => {
    await ctx.catalogue.refresh();

    const exported = await timed(async () => {
      let text = '';
      for await (const lines of await ctx.itemImports.export({})) text += lines;
      return text;
    });
    const [header, ...rows] = parseCsv(exported.value).records.map((r) => r.fields);
    const price = header!.indexOf('price');
    const srp = header!.indexOf('srp');
    // `items` rows whose price can grow a cent without passing the SRP.
    let moved = 0;
    const lines = rows.map((r) => {
      const cents = Math.round(Number(r[price]) * 100) + 1;
      if (moved >= items || cents > Math.round(Number(r[srp]) * 100)) return csvLine(r);
      moved++;
      return csvLine(r.map((f, i) => (i === price ? (cents / 100).toFixed(2) : f)));
    });
    const csv = csvLine(header!) + lines.join('');
    console.log(`${rows.length.toLocaleString('en-US')} items exported in ${exported.s} (${(exported.value.length / 1e6).toFixed(1)} MB); ${moved.toLocaleString('en-US')} prices moved by a cent`);

    const dry = await timed(() => ctx.itemImports.dryRun(csv));
    console.log(`dry run: ${dry.value.changed.length.toLocaleString('en-US')} changed, ${dry.value.unchanged} unchanged, ${dry.value.errors.length} errors in ${dry.s} (longest stall ${dry.stall})`);

    const actor = { label: 'bench', display: 'Bench', ip: '' };
    const applied = await timed(async () => {
      const started = await ctx.itemImports.start(actor, csv);
      for (;;) {
        const job = await ctx.itemImports.job(started.jobId);
        if (job.status !== 'running') return job;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    console.log(`apply (the whole file checked again, then written in chunks): ${applied.value.status}, ${applied.value.done.toLocaleString('en-US')} rows written in ${applied.s} (longest stall ${applied.stall})`);
    await ctx.itemImports.close();
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
