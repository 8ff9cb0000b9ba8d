import { collator } from '../collation';
import { STEP, type Steps } from '../sliced';
import { firstKept, invertInto, marking, movedInto } from './arrays';
import { type IndexedItem, itemAt } from './item';
import { positionOfId } from './queries';
import type { IndexState } from './state';
import type { ItemRow, PatchPlan } from './types';

/**
 * `patchItems` in two parts: the steps work out the new title orders without changing the
 * index (so they may run sliced, requests answered between slices: catalogue/sliced.ts), and
 * `commit` then lays everything over the index in one synchronous step, so no request sees
 * half an edit. Nothing else may change the index between the two.
 */
export function* planPatch(ix: IndexState, rows: ItemRow[]): Steps<PatchPlan | null> {
  const patched: IndexedItem[] = [];
  const retitled: number[] = [];
  for (const r of rows) {
    const old = ix.byNum.get(r.num);
    if (!old) continue;
    if (old.id !== r.id || old.categoryNum !== r.category_num || old.colorGroup !== r.color_group) return null;
    const pos = positionOfId(ix, old.id);
    patched.push(itemAt(ix.facetHolder, pos, r));
    if (old.title !== r.web_title) retitled.push(pos);
  }
  const titles = retitled.length > 0 ? yield* titleOrders(ix, retitled, new Map(patched.map((it) => [it.idx, it.title]))) : null;
  const spare = ix.spareTitles;
  return {
    positions: patched.map((it) => it.idx),
    retitled: retitled.length > 0,
    commit: (changeSeq) => {
      for (const item of patched) {
        ix.items[item.idx] = item;
        ix.byNum.set(item.num, item);
        ix.lowStock.replace(item);
      }
      if (titles) {
        spare.order = ix.order.title;
        spare.rank = ix.rank.title;
        ix.order.title = titles.order;
        ix.rank.title = titles.rank;
        for (const [cat, members] of titles.members) {
          const of = ix.members.get(cat)!;
          spare.members.set(cat, of.title);
          of.title = members;
        }
      }
      ix.changeSeq = changeSeq;
    },
  };
}

/**
 * The title order, its inverse and the title order of every category holding them, with the
 * positions `moved` where their new titles (`newTitle`) sort; ties by number, as in the build.
 * New arrays: the index's are left as they are. Each moved position's place among the others
 * (which stay in order) is found by a binary search, and each array is then copied once with
 * the moved positions dropped and put back at their places.
 */
function* titleOrders(ix: IndexState, moved: number[], newTitle: Map<number, string>): Steps<{ order: Uint32Array; rank: Uint32Array; members: Map<number, Uint32Array> }> {
  return yield* marking(ix, ix.items.length, moved, (out) => titleOrdersMarked(ix, moved, newTitle, out));
}

function* titleOrdersMarked(ix: IndexState, moved: number[], newTitle: Map<number, string>, out: Uint8Array): Steps<{ order: Uint32Array; rank: Uint32Array; members: Map<number, Uint32Array> }> {
  const n = ix.items.length;
  const spare = ix.spareTitles;
  const numRank = ix.rank.num;
  const titleOf = (q: number) => (out[q] ? newTitle.get(q)! : ix.items[q]!.title);
  const sortsBefore = (a: number, b: number) => {
    const ta = titleOf(a);
    const tb = titleOf(b);
    const c = ta === tb ? 0 : collator.compare(ta, tb);
    return c < 0 || (c === 0 && numRank[a]! < numRank[b]!);
  };
  const old = ix.order.title;
  const order = yield* movedInto(
    old,
    spare.order ?? new Uint32Array(n),
    { marked: out },
    moved.map((p) => ({ p, at: firstKept(old, out, (q) => !sortsBefore(q, p)) })),
    sortsBefore,
  );
  const rank = spare.rank ?? new Uint32Array(n);
  for (let i = 0; i < n; i += STEP) {
    invertInto(rank, order, i, Math.min(n, i + STEP));
    yield;
  }
  const members = new Map<number, Uint32Array>();
  for (const [cat, { title: list }] of ix.members) {
    const span = ix.spans.get(cat)!;
    // A tree category is one range of positions; an NV collection is searched.
    const had = span.range ? moved.filter((p) => p >= span.lo && p < span.hi) : moved.filter((p) => list.includes(p));
    yield;
    if (had.length === 0) continue;
    const places = had.map((p) => ({ p, at: firstKept(list, out, (q) => rank[q]! > rank[p]!) }));
    members.set(cat, yield* movedInto(list, spare.members.get(cat) ?? new Uint32Array(list.length), { marked: out }, places, (a, b) => rank[a]! < rank[b]!));
  }
  return { order, rank, members };
}
