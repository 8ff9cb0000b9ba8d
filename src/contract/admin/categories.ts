import { z } from 'zod';
import { DB_INT_MAX } from '../ids';
import { itemNumSchema, ITEM_STATUSES } from './items';
import { isHttpUrl, requiredSingleLine, singleLine } from '../text';

/**
 * Categories and NV collections in the back office (DESIGN.md §5 "Catalogue and content
 * management", issue 18): the tree with item counts, create, rename, move, reorder, SEO texts,
 * logo and delete; collections (curated, ordered item lists outside the tree) with their items.
 * Names are the storefront's (`description` is a category's name, as GetCategoryInfo has it).
 */

export const CATEGORIES_ADMIN = {
  /** Items one collection may list. */
  maxCollectionItems: 5_000,
  /** Siblings one reorder may name. */
  maxSiblings: 1_000,
} as const;

export const CATEGORY_MESSAGES = {
  notFound: (num: number) => `Category ${num} not found`,
  collectionNotFound: (num: number) => `Collection ${num} not found`,
  stale: 'This category was changed by someone else since you opened it; reload it to see their change',
  unknownParent: (num: number) => `Parent category ${num} not found`,
  underItself: 'A category cannot be moved under itself or one of its own subcategories',
  hasChildren: (n: number) => `This category has ${n} ${n === 1 ? 'subcategory' : 'subcategories'}; move or delete ${n === 1 ? 'it' : 'them'} first`,
  hasItems: (n: number, what: 'category' | 'collection') =>
    `This ${what} holds ${n} ${n === 1 ? 'item' : 'items'}; choose where to move ${n === 1 ? 'it' : 'them'} before deleting it`,
  moveToItself: 'Items cannot be moved to the category being deleted',
  unknownTarget: (num: number) => `Category ${num} to move the items to not found`,
  targetKind: 'Items of a category move to another category of the tree; items of a collection to another collection',
  siblingsChanged: 'The categories at this level changed since you loaded them; reload and try again',
  unknownItem: (num: string) => `Item ${num} not found`,
  duplicateItem: (num: string) => `Item ${num} is listed twice`,
  logo: 'Logo must be a path on this site (starting with /) or an http(s) address',
} as const;

export const categoryNumParam = z.object({ categoryNum: z.coerce.number().int().min(1).max(2_147_483_647) });

const categoryNum = z.number().int().min(0).max(2_147_483_647);

/** A logo: empty, a path on this site ("/images/logos/latex.svg") or an http(s) address; nothing that runs script. */
export const logoSchema = singleLine(500).refine((v) => v === '' || /^\/(?!\/)[^\s\\]*$/.test(v) || isHttpUrl(v), { message: CATEGORY_MESSAGES.logo });

/** What a category and a collection share: name, SEO texts, logo and the spec's `beCat` code. */
const sharedFields = {
  description: requiredSingleLine(100),
  seoTitle: singleLine(200),
  seoDescription: singleLine(500),
  logo: logoSchema,
  beCat: singleLine(40),
};

/** `POST /beapi/Admin/Categories`: a new category of the tree, last among its siblings (`parentNum` 0: a main category). */
export const categoryCreateBody = z.strictObject({ ...sharedFields, parentNum: categoryNum });
export type CategoryCreateBody = z.infer<typeof categoryCreateBody>;

/** `PUT /beapi/Admin/Categories/{n}`: rename, move (a new `parentNum`), SEO and logo; a stale `version` is 409. */
export const categoryUpdateBody = z.strictObject({ ...sharedFields, parentNum: categoryNum, version: z.number().int().min(1).max(DB_INT_MAX) });
export type CategoryUpdateBody = z.infer<typeof categoryUpdateBody>;

/** `POST /beapi/Admin/Collections`. */
export const collectionCreateBody = z.strictObject(sharedFields);
export type CollectionCreateBody = z.infer<typeof collectionCreateBody>;

/** `PUT /beapi/Admin/Collections/{n}`. */
export const collectionUpdateBody = z.strictObject({ ...sharedFields, version: z.number().int().min(1).max(DB_INT_MAX) });
export type CollectionUpdateBody = z.infer<typeof collectionUpdateBody>;

/** `PUT /beapi/Admin/Categories/Order`: every child of `parentNum`, in their new order. */
export const categoryOrderBody = z.strictObject({ parentNum: categoryNum, nums: z.array(categoryNum).min(1).max(CATEGORIES_ADMIN.maxSiblings) });
export type CategoryOrderBody = z.infer<typeof categoryOrderBody>;

/** `PUT /beapi/Admin/Collections/{n}/Items`: the collection's items, in order (adds, removes and reorders at once). */
export const collectionItemsBody = z.strictObject({ nums: z.array(itemNumSchema).max(CATEGORIES_ADMIN.maxCollectionItems), version: z.number().int().min(1).max(DB_INT_MAX) });
export type CollectionItemsBody = z.infer<typeof collectionItemsBody>;

/** `DELETE /beapi/Admin/Categories/{n}?version=&moveItemsTo=`: a category or collection holding items needs `moveItemsTo`. */
export const categoryDeleteQuery = z.strictObject({
  version: z.coerce.number().int().min(1).max(2_147_483_647),
  moveItemsTo: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type CategoryDeleteQuery = z.infer<typeof categoryDeleteQuery>;

/** A category or collection as the back office shows it. */
export const categoryNodeSchema = z.object({
  num: z.number().int(),
  kind: z.enum(['tree', 'nv']),
  description: z.string(),
  parentNum: z.number().int(),
  sortOrder: z.number().int(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  logo: z.string(),
  beCat: z.string(),
  version: z.number().int(),
  /** Items whose category this is (every status); a collection's listed items. */
  itemCount: z.number().int(),
  /** With the subcategories' items (a collection: the same as itemCount). */
  totalItemCount: z.number().int(),
});
export type CategoryNode = z.infer<typeof categoryNodeSchema>;

/** `GET /beapi/Admin/Categories`: the tree (parents before their children, siblings in order) and the collections. */
export const categoryTreeSchema = z.object({ categories: z.array(categoryNodeSchema), collections: z.array(categoryNodeSchema) });
export type CategoryTree = z.infer<typeof categoryTreeSchema>;

export const collectionItemSchema = z.object({ num: z.string(), web_Title: z.string(), status: z.enum(ITEM_STATUSES) });
export type CollectionItem = z.infer<typeof collectionItemSchema>;

/** `GET /beapi/Admin/Collections/{n}`: the collection and its items in order. */
export const collectionSchema = categoryNodeSchema.extend({ items: z.array(collectionItemSchema) });
export type Collection = z.infer<typeof collectionSchema>;

export const categoryDeletedSchema = z.object({ deleted: z.number().int(), movedItems: z.number().int() });
export type CategoryDeleted = z.infer<typeof categoryDeletedSchema>;

/** `num` and every category under it, following `childrenOf` (a loop of parent links stops where it closes). */
export function subtreeNums(childrenOf: (num: number) => readonly number[], num: number): Set<number> {
  const out = new Set<number>([num]);
  const stack = [num];
  while (stack.length > 0) {
    for (const child of childrenOf(stack.pop()!)) {
      if (out.has(child)) continue;
      out.add(child);
      stack.push(child);
    }
  }
  return out;
}
