import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  categoryDeletedSchema,
  categoryNodeSchema,
  categoryTreeSchema,
  collectionSchema,
  type CategoryCreateBody,
  type CategoryDeleteQuery,
  type CategoryOrderBody,
  type CategoryUpdateBody,
  type CollectionCreateBody,
  type CollectionItemsBody,
  type CollectionUpdateBody,
} from '../../../contract/admin/categories';
import { itemEditorSchema } from '../../../contract/admin/items';
import { adminCall, adminGet, queryString } from '../../lib/admin-api';

/** The category tree's and the collections' calls (DESIGN.md §5 "Catalogue and content management"). */

const KEY = ['admin', 'categories'];

export function useCategoryTree() {
  return useQuery({ queryKey: KEY, queryFn: () => adminGet('/Categories', categoryTreeSchema, 'Failed to load the categories') });
}

export function useCollection(num: number | null) {
  return useQuery({
    queryKey: [...KEY, 'collection', num],
    enabled: num !== null,
    queryFn: () => adminGet(`/Collections/${num}`, collectionSchema, 'Failed to load the collection'),
  });
}

/** An item's title, for "add by number" (the item editor's call). */
export function useItemTitle(num: string) {
  return useQuery({
    queryKey: ['admin', 'items', num, 'title'],
    enabled: /^\d{1,12}$/.test(num),
    retry: false,
    queryFn: async () => (await adminGet(`/Items/${num}`, itemEditorSchema, `Item ${num} not found`)).web_Title,
  });
}

/**
 * A mutation that reloads the tree (and the open collection) when it worked. A refusal leaves the
 * screen as it was, so the form keeps what was typed and shows why (a 409 says to reload).
 */
function useTreeMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  // Not awaited: the screen's own callbacks (the notice) run before the reload remounts the panel.
  return useMutation({ mutationFn: fn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEY }) });
}

export const useCreateCategory = () =>
  useTreeMutation((body: CategoryCreateBody) => adminCall('POST', '/Categories', categoryNodeSchema, 'Failed to add the category', { body }));

export const useUpdateCategory = () =>
  useTreeMutation(({ num, body }: { num: number; body: CategoryUpdateBody }) => adminCall('PUT', `/Categories/${num}`, categoryNodeSchema, 'Failed to save the category', { body }));

export const useReorderCategories = () =>
  useTreeMutation((body: CategoryOrderBody) => adminCall('PUT', '/Categories/Order', categoryTreeSchema, 'Failed to reorder the categories', { body }));

export const useDeleteCategory = () =>
  useTreeMutation(({ num, query }: { num: number; query: CategoryDeleteQuery }) =>
    adminCall('DELETE', `/Categories/${num}${queryString(query)}`, categoryDeletedSchema, 'Failed to delete'),
  );

export const useCreateCollection = () =>
  useTreeMutation((body: CollectionCreateBody) => adminCall('POST', '/Collections', categoryNodeSchema, 'Failed to add the collection', { body }));

export const useUpdateCollection = () =>
  useTreeMutation(({ num, body }: { num: number; body: CollectionUpdateBody }) => adminCall('PUT', `/Collections/${num}`, categoryNodeSchema, 'Failed to save the collection', { body }));

export const useSetCollectionItems = () =>
  useTreeMutation(({ num, body }: { num: number; body: CollectionItemsBody }) => adminCall('PUT', `/Collections/${num}/Items`, collectionSchema, 'Failed to save the collection’s items', { body }));
