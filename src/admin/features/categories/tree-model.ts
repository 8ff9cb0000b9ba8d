import { type CategoryNode, subtreeNums } from '../../../contract/admin/categories';

/** The tree as the screens walk it: children by parent, depths, and what a category may move under. Pure. */

export function childrenByParent(nodes: readonly CategoryNode[]): Map<number, CategoryNode[]> {
  const out = new Map<number, CategoryNode[]>();
  for (const n of nodes) out.set(n.parentNum, [...(out.get(n.parentNum) ?? []), n]);
  return out;
}

/** The categories the tree starts from: main ones, and any whose parent is missing. */
export function rootsOf(nodes: readonly CategoryNode[]): CategoryNode[] {
  const known = new Set(nodes.map((n) => n.num));
  return nodes.filter((n) => n.parentNum === 0 || !known.has(n.parentNum));
}

/** `num` and everything under it. */
export function subtreeOf(nodes: readonly CategoryNode[], num: number): Set<number> {
  const children = childrenByParent(nodes);
  return subtreeNums((n) => (children.get(n) ?? []).map((c) => c.num), num);
}

/** Depth of each category (main categories 0), from the server's parents-first order. */
export function depthsOf(nodes: readonly CategoryNode[]): Map<number, number> {
  const depth = new Map<number, number>();
  for (const n of nodes) depth.set(n.num, n.parentNum === 0 ? 0 : (depth.get(n.parentNum) ?? -1) + 1);
  return depth;
}

/** A Select's options: "Top level", then the tree indented by depth, without `moving` and its subcategories. */
export function parentOptions(nodes: readonly CategoryNode[], moving: number | null): { value: string; label: string }[] {
  const excluded = moving === null ? new Set<number>() : subtreeOf(nodes, moving);
  const depth = depthsOf(nodes);
  return [
    { value: '0', label: 'Top level (a main category)' },
    ...nodes.filter((n) => !excluded.has(n.num)).map((n) => ({ value: String(n.num), label: `${'\u2003'.repeat(depth.get(n.num) ?? 0)}${n.description} (#${n.num})` })),
  ];
}

/** The category's siblings in order, and its place among them. */
export function siblingsOf(nodes: readonly CategoryNode[], num: number): { nums: number[]; index: number; parentNum: number } {
  const node = nodes.find((n) => n.num === num);
  const parentNum = node?.parentNum ?? 0;
  const nums = nodes.filter((n) => n.parentNum === parentNum).map((n) => n.num);
  return { nums, index: nums.indexOf(num), parentNum };
}

/** The sibling order after moving `num` one place up (-1) or down (+1); null at an end. */
export function movedOrder(nodes: readonly CategoryNode[], num: number, step: -1 | 1): { parentNum: number; nums: number[] } | null {
  const { nums, index, parentNum } = siblingsOf(nodes, num);
  const to = index + step;
  if (index < 0 || to < 0 || to >= nums.length) return null;
  const next = [...nums];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return { parentNum, nums: next };
}
