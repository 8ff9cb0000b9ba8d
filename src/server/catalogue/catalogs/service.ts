import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { CATALOG_FILES, type CatalogLink } from '../../../contract/catalogs';
import type { CatalogueIndex } from '../catalogue-index';
import { balloonColour } from '../pictures/colours';
import { pictureFactsFor } from '../pictures/facts';
import type { CatalogueService } from '../service';
import type { DB } from '../../platform/db/schema';
import { type PdfItem, type PdfSection, renderCataloguePdf, renderPalettePdf } from './pdf';
import { loadPackaging } from './queries';

interface Book {
  file: string;
  folder: string;
  name: string;
  imageUrl: string;
  categoryNum: number;
  kind: 'items' | 'palette';
}

/** One PDF per product line (spec §1, §9 category numbers), then the latex colour palette. */
const BOOKS: Book[] = [
  { file: CATALOG_FILES.premiumLatex, folder: 'Product Catalogs', name: 'Premium Latex', imageUrl: '/images/logos/latex.svg', categoryNum: 1, kind: 'items' },
  { file: CATALOG_FILES.foil, folder: 'Product Catalogs', name: 'Foil Balloons', imageUrl: '/images/logos/foil.svg', categoryNum: 3, kind: 'items' },
  { file: CATALOG_FILES.bubbles, folder: 'Product Catalogs', name: 'Bubble Balloons', imageUrl: '/images/logos/bubbles.svg', categoryNum: 4, kind: 'items' },
  { file: CATALOG_FILES.latexPalette, folder: 'Color Charts', name: 'Premium Latex Color Palette', imageUrl: '/images/categories/1.svg', categoryNum: 1, kind: 'palette' },
];

export interface CatalogPdf {
  bytes: Buffer;
  version: string;
}

/** A catalogue as drawn: its file name and the catalogue state it shows. */
export interface DrawnCatalog {
  file: string;
  name: string;
  version: string;
}

/** The catalogue state a PDF shows: a rebuild (catalogue version) or an edit laid over the index (change sequence) both count. */
const stateOf = (index: CatalogueIndex) => `${index.catalogueVersion}-${index.changeSeq}`;

/**
 * Catalogue PDFs drawn from the live catalogue. A request is never held up by a drawing once a
 * process has one: it gets the latest drawn, even while a newer one is being drawn. A change
 * of the catalogue has them drawn again in the background, `debounceMs` after the last change
 * (`watch`), or at once with `regenerate` (the back office's button). Each is kept in memory
 * and on disk (`DATA_DIR/catalogs/<file>.<state>.pdf`): a restart, or another instance sharing
 * the folder, reuses it. Every instance draws from its own index (the same catalogue, so the
 * same PDF); stock moves do not change a catalogue.
 */
export class CatalogsService {
  private readonly latest = new Map<string, { version: string; bytes: Buffer }>();
  private readonly drawing = new Map<string, Promise<Buffer>>();
  private regenerating: Promise<DrawnCatalog[]> | null = null;
  private readonly folder: string;
  private timer: NodeJS.Timeout | null = null;
  private seen = '';
  private changedAt = 0;

  constructor(
    private readonly catalogue: CatalogueService,
    private readonly db: Kysely<DB>,
    dataDir: string,
  ) {
    this.folder = join(dataDir, 'catalogs');
  }

  /** The catalogues that have items, grouped by folder (in list order). */
  list(): CatalogLink[] {
    return this.books().map((b) => ({
      folder: b.folder,
      name: b.name,
      url: `/catalogs/${b.file}.pdf`,
      imageUrl: b.imageUrl,
    }));
  }

  /** The latest PDF of one catalogue (drawn now only if this process has none yet), or null for an unknown name. */
  async pdf(file: string): Promise<CatalogPdf | null> {
    const book = BOOKS.find((b) => b.file === file);
    if (!book) return null;
    const have = this.latest.get(file);
    if (have) return { bytes: have.bytes, version: have.version };
    return this.draw(book);
  }

  /** Draws every catalogue that has items from the catalogue as it is now; one run at a time. */
  regenerate(): Promise<DrawnCatalog[]> {
    this.regenerating ??= Promise.all(this.books().map(async (b) => ({ file: b.file, name: b.name, version: (await this.draw(b)).version }))).finally(() => {
      this.regenerating = null;
    });
    return this.regenerating;
  }

  /**
   * Redraws the catalogues this process has drawn, in the background, once the catalogue has
   * not changed for `debounceMs` (an import of many chunks, or a morning of edits, is drawn once).
   */
  watch(debounceMs: number, onError: (err: unknown) => void = () => {}): void {
    this.stop();
    this.timer = setInterval(() => this.tick(debounceMs).catch(onError), Math.min(1000, debounceMs));
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async tick(debounceMs: number): Promise<void> {
    const state = stateOf(this.catalogue.current());
    if (state !== this.seen) {
      this.seen = state;
      this.changedAt = Date.now();
      return;
    }
    const stale = [...this.latest.values()].some((d) => d.version !== state);
    if (stale && !this.regenerating && Date.now() - this.changedAt >= debounceMs) await this.regenerate();
  }

  private books(): Book[] {
    const index = this.catalogue.current();
    return BOOKS.filter((b) => index.categoryMembers(b.categoryNum, 'num').length > 0);
  }

  /** The book drawn from the index as it is now (one drawing per book and state at a time). */
  private async draw(book: Book): Promise<CatalogPdf> {
    const index = this.catalogue.current();
    const version = stateOf(index);
    const id = `${book.file}.${version}`;
    let drawing = this.drawing.get(id);
    if (!drawing) {
      drawing = this.load(book, index, version).finally(() => this.drawing.delete(id));
      this.drawing.set(id, drawing);
    }
    const bytes = await drawing;
    this.latest.set(book.file, { version, bytes });
    return { bytes, version };
  }

  private async load(book: Book, index: CatalogueIndex, version: string): Promise<Buffer> {
    const path = join(this.folder, `${book.file}.${version}.pdf`);
    if (existsSync(path)) return readFileSync(path);
    const bytes = await this.render(book, index);
    this.store(book.file, path, bytes);
    return bytes;
  }

  /** Written under a temporary name and renamed, so another process never reads half a file. */
  private store(file: string, path: string, bytes: Buffer): void {
    try {
      mkdirSync(this.folder, { recursive: true });
      const temp = `${path}.${process.pid}.tmp`;
      writeFileSync(temp, bytes);
      renameSync(temp, path);
      for (const old of readdirSync(this.folder)) {
        if (old.startsWith(`${file}.`) && join(this.folder, old) !== path && !old.endsWith('.tmp')) rmSync(join(this.folder, old), { force: true });
      }
    } catch {
      // A read-only disk only costs a regeneration after a restart.
    }
  }

  private async render(book: Book, index: CatalogueIndex): Promise<Buffer> {
    const title = book.name;
    if (book.kind === 'palette') {
      const swatches = index.categoryDistincts(book.categoryNum).distinctColors.map((c) => ({ name: c.name, hex: balloonColour(c.name).hex, count: c.count }));
      return renderPalettePdf(title, swatches);
    }
    const packaging = await loadPackaging(this.db);
    const toPdfItem = (pos: number): PdfItem => {
      const item = index.items[pos]!;
      const facts = pictureFactsFor(item, index);
      return {
        num: item.num,
        title: item.title,
        pack: packaging.get(item.num) ?? '',
        srp: item.srpCents / 100,
        colourHex: balloonColour(facts.colorName).hex,
        shape: facts.shape,
        glyph: facts.numberGlyph,
      };
    };
    const top = index.categories.get(book.categoryNum);
    const own = [...index.categoryMembers(book.categoryNum, 'num')].filter((p) => index.items[p]!.categoryNum === book.categoryNum);
    const sections: PdfSection[] = [{ title: top?.description ?? title, items: own.map(toPdfItem) }];
    for (const child of top?.children ?? []) {
      const category = index.categories.get(child);
      sections.push({ title: category?.description ?? `Category ${child}`, items: [...index.categoryMembers(child, 'num')].map(toPdfItem) });
    }
    return renderCataloguePdf({ title, subtitle: 'Wholesale catalogue', sections });
  }
}
