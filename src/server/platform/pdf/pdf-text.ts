import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Test helper: a PDF's pages as text, read back with pdfjs-dist (what a viewer would show). */
export async function pdfText(buf: Buffer): Promise<{ pages: string[]; text: string }> {
  const pdf = await getDocument({ data: new Uint8Array(buf), isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  await pdf.destroy();
  return { pages, text: pages.join('\n') };
}
