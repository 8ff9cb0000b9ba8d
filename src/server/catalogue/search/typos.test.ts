import { describe, expect, it } from 'vitest';
import { deletionHashes, deletions, hash, TypoIndex, typoDistance, typosAllowed } from './typos';

/** A word list as the search index holds it: sorted words, concatenated, with one posting each. */
function lists(words: string[]) {
  const sorted = [...words].sort();
  const wordStart = new Uint32Array(sorted.length + 1);
  sorted.forEach((w, i) => (wordStart[i + 1] = wordStart[i]! + w.length));
  const chars = new Uint16Array(wordStart[sorted.length]!);
  sorted.forEach((w, i) => [...w].forEach((c, j) => (chars[wordStart[i]! + j] = c.charCodeAt(0))));
  const postingStart = Uint32Array.from({ length: sorted.length + 1 }, (_, i) => i);
  return { chars, wordStart, postingStart, postings: new Uint32Array(sorted.length) };
}

describe('typos', () => {
  it('counts an insertion, a deletion, a change and a swap of neighbouring letters as one typo each', () => {
    expect(typoDistance('ballon', 'balloon', 2)).toBe(1);
    expect(typoDistance('balloon', 'ballon', 2)).toBe(1);
    expect(typoDistance('bslloon', 'balloon', 2)).toBe(1);
    expect(typoDistance('ballono', 'balloon', 2)).toBe(1);
    expect(typoDistance('blaloon', 'balloon', 2)).toBe(1);
    expect(typoDistance('blalono', 'balloon', 2)).toBe(2);
    expect(typoDistance('xyz', 'balloon', 2)).toBe(3);
  });

  it("hashes a term's deletions without making them: the same hashes as the strings' own", () => {
    for (const word of ['balloon', 'zqbcdfghjk', 'aaa', 'mississippi', 'ab', 'a']) {
      for (const depth of [1, 2]) {
        const made = [...deletions(word, depth)].map(hash).sort();
        expect([...new Set(deletionHashes(word, depth))].sort()).toEqual(made);
      }
    }
    // Every deletion of a word with no doubled letter is a string of its own.
    expect(deletionHashes('zqbcdfghjk', 2)).toHaveLength(1 + 10 + 45);
  });

  it('allows none under 4 letters, one for 4 to 7, two from 8', () => {
    expect([3, 4, 7, 8, 12].map(typosAllowed)).toEqual([0, 1, 1, 2, 2]);
  });

  it('finds every spelt word within the typos asked for, nearest first, and no numbers', () => {
    const index = new TypoIndex(lists(['balloon', 'balloons', 'ballot', 'burgundy', 'foil', '260q', '12345678', 'red']), 0);
    expect(index.near('ballon', 1).map((n) => n.word)).toEqual(['balloon', 'ballot']);
    expect(index.near('baloons', 2).map((n) => [n.word, n.distance])).toEqual([
      ['balloons', 1],
      ['balloon', 2],
    ]);
    expect(index.near('burgandy', 1).map((n) => n.word)).toEqual(['burgundy']);
    expect(index.near('12345679', 2)).toEqual([]);
    expect(index.near('rde', 1).map((n) => n.word)).toEqual(['red']);
    expect(index.near('qqqqqq', 2)).toEqual([]);
  });
});
