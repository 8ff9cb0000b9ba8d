import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The module rule of DESIGN.md §6 that dependency-cruiser cannot see: every statement that
 * writes a table is written in the module that owns it. A table's owner is the module whose
 * tables file declares its row type on `DB` (one declaration a table, so one owner). Writes are
 * Kysely builders (`insertInto`, `updateTable`, `deleteFrom`, `replaceInto`, `mergeInto`, and
 * helpers marked `@writesTable`) whose table the type checker resolves, and raw SQL in string
 * and template literals. Test code, test support and migrations are exempt.
 */

const ROOT = process.cwd();
const SERVER = join(ROOT, 'src', 'server');
const SCHEMA = join(SERVER, 'platform', 'db', 'schema.ts');
const WRITE_METHODS = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
const RAW_WRITE = /\b(insert\s+(?:or\s+\w+\s+)?into|replace\s+into|merge\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;
const DYNAMIC_RAW_WRITE = /\b(insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from)\s+$/i;

/** Test code and what only tests run; migrations write every table by design. */
export function isExempt(file: string): boolean {
  const rel = relative(SERVER, file).split(sep).join('/');
  return (
    /\.test\.tsx?$/.test(rel) ||
    /(^|\/)testing\.ts$/.test(rel) ||
    /(^|\/)test-helpers?\.ts$/.test(rel) ||
    /^(test-support|security|invariants)\//.test(rel) ||
    rel.startsWith('platform/db/migrations/')
  );
}

/** The module of a file: its first folder under src/server ('root' for the composition files). */
export function moduleOf(file: string): string {
  const rel = relative(SERVER, file).split(sep).join('/');
  return rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : 'root';
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

export interface Write {
  file: string;
  line: number;
  table: string;
  writer: string;
  owner: string;
}

export interface Scan {
  owners: Map<string, string>;
  writes: Write[];
  /** Writes whose table the checker could not pin down (a plain `string`), outside platform/db. */
  unknown: { file: string; line: number; text: string }[];
}

/** Scans the server (plus any extra in-memory files, for the self-test) for table writes. */
export function scanServer(extra: Record<string, string> = {}): Scan {
  const files = sourceFiles(SERVER).filter((f) => !isExempt(f));
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.getSourceFile = (name, version, ...rest) =>
    name in extra ? ts.createSourceFile(name, extra[name]!, version) : getSourceFile(name, version, ...rest);
  host.fileExists = (name) => name in extra || fileExists(name);
  host.readFile = (name) => extra[name] ?? readFile(name);
  const program = ts.createProgram([...files, ...Object.keys(extra), SCHEMA], options, host);
  const checker = program.getTypeChecker();

  // The owner of each table: the module of the file that declares its property on DB.
  const owners = new Map<string, string>();
  const schema = program.getSourceFile(SCHEMA)!;
  const dbDecl = schema.statements.find(
    (s): s is ts.InterfaceDeclaration | ts.TypeAliasDeclaration =>
      (ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)) && s.name.text === 'DB',
  )!;
  for (const prop of checker.getTypeAtLocation(dbDecl.name).getProperties()) {
    for (const decl of prop.declarations ?? []) {
      const module = moduleOf(decl.getSourceFile().fileName);
      const seen = owners.get(prop.name);
      owners.set(prop.name, seen && seen !== module ? `${seen}+${module}` : module);
    }
  }

  const writes: Write[] = [];
  const unknown: Scan['unknown'] = [];
  const tablesOf = (node: ts.Expression): string[] | undefined => {
    const type = checker.getTypeAtLocation(node);
    const parts = type.isUnion() ? type.types : [type];
    const names = parts.map((t) => (t.isStringLiteral() ? t.value.split(/\s+as\s+/i)[0]!.trim() : undefined));
    if (names.some((n) => n === undefined)) return undefined;
    // `keyof DB` is every table: a helper that writes "some table", not a known one.
    if (names.length > 1 && names.length >= owners.size) return undefined;
    return names as string[];
  };
  const writesTableTag = (call: ts.CallExpression): boolean => {
    const symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(call.expression) ? call.expression.name : call.expression);
    const target = symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    return !!target?.getJsDocTags().some((t) => t.name === 'writesTable');
  };

  for (const file of [...files, ...Object.keys(extra)]) {
    const source = program.getSourceFile(file)!;
    const writer = moduleOf(file);
    const inDb = relative(SERVER, file).startsWith(join('platform', 'db'));
    const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    const record = (node: ts.Node, table: string) => {
      const owner = owners.get(table);
      if (owner) writes.push({ file: relative(ROOT, file), line: lineOf(node), table, writer, owner });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.arguments.length > 0) {
        const callee = node.expression;
        const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
        if (WRITE_METHODS.has(name) || writesTableTag(node)) {
          // A helper marked @writesTable takes its table after the database.
          const arg = WRITE_METHODS.has(name) ? node.arguments[0]! : node.arguments[1] ?? node.arguments[0]!;
          const tables = tablesOf(arg);
          if (tables) for (const t of tables) record(node, t);
          else if (!inDb) unknown.push({ file: relative(ROOT, file), line: lineOf(node), text: node.getText(source).slice(0, 80) });
        }
      }
      const texts: string[] = [];
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.push(node.text);
      if (ts.isTemplateExpression(node)) {
        texts.push(node.head.text, ...node.templateSpans.map((s) => s.literal.text));
        const dynamic = [node.head.text, ...node.templateSpans.slice(0, -1).map((s) => s.literal.text)];
        if (!inDb && dynamic.some((t) => DYNAMIC_RAW_WRITE.test(t))) {
          unknown.push({ file: relative(ROOT, file), line: lineOf(node), text: node.getText(source).slice(0, 80) });
        }
      }
      for (const text of texts) {
        for (const m of text.matchAll(RAW_WRITE)) {
          const table = m[2]!.toLowerCase();
          if (owners.has(table)) record(node, table);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { owners, writes, unknown };
}

/** A file the scan reads besides the real ones (never written to disk): the scan's own proof. */
const PROBE = join(SERVER, 'stock', '__probe__.ts');
const PROBE_TEXT = [
  "import { sql, type Kysely } from 'kysely';",
  "import type { DB } from '../platform/db/schema';",
  'export async function probe(db: Kysely<DB>) {',
  "  await db.updateTable('order_lines').set({ qty: 1 }).execute();",
  '  await sql`update items set web_title = ${"x"}`.execute(db);',
  "  await db.insertInto('stock_movements').values({} as never).execute();",
  '}',
].join('\n');

describe('table ownership (DESIGN §6)', () => {
  const scan = scanServer({ [PROBE]: PROBE_TEXT });
  const probed = scan.writes.filter((w) => w.file.endsWith('__probe__.ts'));
  const writes = scan.writes.filter((w) => !w.file.endsWith('__probe__.ts'));

  it('sees a foreign Kysely write and a foreign raw SQL write (its own proof), and an own write as own', () => {
    expect(probed.map((w) => `${w.table}:${w.writer}->${w.owner}`).sort()).toEqual(['items:stock->catalogue', 'order_lines:stock->orders', 'stock_movements:stock->stock']);
  });

  it('gives every table exactly one owner module', () => {
    const shared = [...scan.owners].filter(([, owner]) => owner.includes('+'));
    expect(shared).toEqual([]);
    expect(scan.owners.size).toBeGreaterThan(50);
  });

  it('writes every table only in its owner module', () => {
    const foreign = writes.filter((w) => w.writer !== w.owner).map((w) => `${w.file}:${w.line} writes ${w.table} (owner ${w.owner})`);
    expect(foreign).toEqual([]);
    // The scan does find the writes: every owner module writes its tables somewhere.
    expect(writes.length).toBeGreaterThan(150);
  });

  it('knows the table of every write outside platform/db', () => {
    expect(scan.unknown).toEqual([]);
  });
}, 300_000);

describe('the shape rules of DESIGN §6 that are about text', () => {
  const all = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? all(path) : /\.tsx?$/.test(name) ? [path] : [];
    });

  it('has no source file over 600 lines', () => {
    const long = all(join(ROOT, 'src'))
      .map((f) => ({ f: relative(ROOT, f), lines: readFileSync(f, 'utf8').split('\n').length }))
      .filter((x) => x.lines > 600)
      .map((x) => `${x.f}: ${x.lines} lines`);
    expect(long).toEqual([]);
  });

  it('tests the database dialect only inside platform/db', () => {
    const tests = /\bPostgresAdapter\b|\bSqliteAdapter\b|\bisPostgres\b|\.dialect\s*===|dialect\s*===\s*'(sqlite|postgres)'/;
    const outside = sourceFiles(SERVER)
      .filter((f) => !relative(SERVER, f).startsWith(join('platform', 'db')) && !isExempt(f))
      .filter((f) => tests.test(readFileSync(f, 'utf8')))
      .map((f) => relative(ROOT, f));
    expect(outside).toEqual([]);
  });
});
