import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { CATALOG_FILES, type CatalogLink } from '../../contract/catalogs';
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { balloonColour } from '../catalogue/pictures/colours';
import { pictureFactsFor } from '../catalogue/pictures/facts';
import type { CatalogueService } from '../catalogue/service';
import type { DB } from '../db/schema';
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

/**
 * Catalogue PDFs drawn from the live catalogue. Each is generated on its first request for a
 * catalogue version, kept in memory and on disk (`DATA_DIR/catalogs/<file>.<version>.pdf`, so a
 * restart or a second process reuses it), and drawn again once the catalogue changes. Stock
 * moves do not change a catalogue, so only the catalogue version counts.
 */
export class CatalogsService {
  private readonly building = new Map<string, { version: string; pdf: Promise<Buffer> }>();
  private readonly folder: string;

  constructor(
    private readonly catalogue: CatalogueService,
    private readonly db: Kysely<DB>,
    dataDir: string,
  ) {
    this.folder = join(dataDir, 'catalogs');
  }

  /** The catalogues that have items, grouped by folder (in list order). */
  list(): CatalogLink[] {
    const index = this.catalogue.current();
    return BOOKS.filter((b) => index.categoryMembers(b.categoryNum, 'num').length > 0).map((b) => ({
      folder: b.folder,
      name: b.name,
      url: `/catalogs/${b.file}.pdf`,
      imageUrl: b.imageUrl,
    }));
  }

  /** The PDF of one catalogue, or null for an unknown name. */
  async pdf(file: string): Promise<CatalogPdf | null> {
    const book = BOOKS.find((b) => b.file === file);
    if (!book) return null;
    const index = this.catalogue.current();
    const version = index.catalogueVersion;
    let entry = this.building.get(file);
    if (!entry || entry.version !== version) {
      entry = { version, pdf: this.load(book, index, version) };
      this.building.set(file, entry);
      // A failed build is not remembered: the next request tries again.
      entry.pdf.catch(() => {
        if (this.building.get(file) === entry) this.building.delete(file);
      });
    }
    return { bytes: await entry.pdf, version };
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
