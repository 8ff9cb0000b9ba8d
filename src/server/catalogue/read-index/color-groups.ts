import { NONE, type Spares, STEP, type Steps } from '../sliced';
import type { IndexedItem } from './item';

/** Each colour group's items (positions) in id order, in one array: a run per group. */
export class ColorGroups {
  private constructor(
    private readonly ids: Map<string, number>,
    private readonly start: Uint32Array,
    private readonly members: Uint32Array,
  ) {}

  /** From the positions in id order (`idOrder`) and the items by position. */
  static *of(idOrder: Uint32Array, items: IndexedItem[]): Steps<ColorGroups> {
    const ids = new Map<string, number>();
    const groupOf = new Int32Array(idOrder.length);
    const counts: number[] = [];
    for (let k = 0; k < idOrder.length; k += STEP) {
      groupsInto(groupOf, idOrder, items, ids, counts, k, Math.min(idOrder.length, k + STEP));
      yield;
    }
    const start = new Uint32Array(counts.length + 1);
    counts.forEach((c, g) => (start[g + 1] = start[g]! + c));
    const members = new Uint32Array(start[counts.length]!);
    const next = start.slice(0, counts.length);
    groupOf.forEach((g, k) => {
      if (g >= 0) members[next[g]!++] = idOrder[k]!;
    });
    return new ColorGroups(ids, start, members);
  }

  /**
   * The groups after a shift (`CatalogueIndex.planShift`): each group's positions moved through
   * the map (NONE: taken out), with the items put in (`placed`, at their new positions) among
   * them in id order; `items` are the items by new position.
   */
  *shifted(map: Uint32Array, placed: IndexedItem[], items: IndexedItem[], spares: Spares): Steps<ColorGroups> {
    // The names stay as they are (shared) unless a group is new.
    const fresh = placed.some((it) => it.colorGroup && !this.ids.has(it.colorGroup));
    const ids = fresh ? new Map(this.ids) : this.ids;
    const joining = new Map<number, number[]>();
    for (const it of [...placed].sort((a, b) => a.id - b.id)) {
      if (!it.colorGroup) continue;
      let g = ids.get(it.colorGroup);
      if (g === undefined) ids.set(it.colorGroup, (g = ids.size));
      joining.set(g, [...(joining.get(g) ?? []), it.idx]);
    }
    const groups = ids.size;
    const start = spares.u32('groups.start', groups + 1);
    const members = spares.u32('groups.members', this.members.length + placed.length);
    const walk = { g: 0, k: 0 };
    while (walk.g < groups) {
      moveGroups(this.start, this.members, map, joining, items, start, members, walk, groups, STEP);
      yield;
    }
    return new ColorGroups(ids, start, members.subarray(0, walk.k));
  }

  /** Gives its arrays to be written into by the next shift (it is no longer used). */
  giveTo(spares: Spares): void {
    spares.give('groups.start', this.start);
    spares.give('groups.members', this.members);
  }

  /** The group's items as `items` (the index's items by position) holds them now. */
  get(group: string, items: IndexedItem[]): IndexedItem[] | undefined {
    const g = this.ids.get(group);
    return g === undefined ? undefined : Array.from(this.members.subarray(this.start[g], this.start[g + 1]), (p) => items[p]!);
  }
}

/** The colour group of the items idOrder[from, to) (-1: none), numbering groups as they are first seen. */
function groupsInto(groupOf: Int32Array, idOrder: Uint32Array, items: IndexedItem[], ids: Map<string, number>, counts: number[], from: number, to: number): void {
  for (let k = from; k < to; k++) {
    const group = items[idOrder[k]!]!.colorGroup;
    if (!group) {
      groupOf[k] = -1;
      continue;
    }
    let g = ids.get(group);
    if (g === undefined) {
      ids.set(group, (g = counts.length));
      counts.push(0);
    }
    groupOf[k] = g;
    counts[g]!++;
  }
}

/** `ColorGroups.shifted` from group walk.g on, until about `budget` members are written. */
function moveGroups(
  oldStart: Uint32Array,
  oldMembers: Uint32Array,
  map: Uint32Array,
  joining: Map<number, number[]>,
  items: IndexedItem[],
  start: Uint32Array,
  members: Uint32Array,
  walk: { g: number; k: number },
  groups: number,
  budget: number,
): void {
  let { g, k } = walk;
  const stop = k + budget;
  const old = oldStart.length - 1;
  for (; g < groups && k < stop; g++) {
    const adds = joining.get(g) ?? [];
    let a = 0;
    if (g < old) {
      for (let i = oldStart[g]!; i < oldStart[g + 1]!; i++) {
        const p = map[oldMembers[i]!]!;
        if (p === NONE) continue;
        while (a < adds.length && items[adds[a]!]!.id < items[p]!.id) members[k++] = adds[a++]!;
        members[k++] = p;
      }
    }
    while (a < adds.length) members[k++] = adds[a++]!;
    start[g + 1] = k;
  }
  walk.g = g;
  walk.k = k;
}
