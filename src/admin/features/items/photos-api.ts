import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { photoListSchema, photoSchema, type Photo } from '../../../contract/admin/photos';
import { adminCall, adminGet, adminUpload } from '../../lib/admin-api';

/** An item's photos (DESIGN.md §5, decision 0019): list, upload with progress, order, alt text, delete. */

const photosKey = (num: string) => ['admin', 'photos', num] as const;
const path = (num: string) => `/Items/${encodeURIComponent(num)}/Photos`;

export function usePhotos(num: string) {
  return useQuery({ queryKey: photosKey(num), staleTime: 0, queryFn: () => adminGet(path(num), photoListSchema, 'Failed to load the photos') });
}

/** After a change: the photos from the answer, and the lists (photo counts, pictures) again. */
function useAfterChange(num: string) {
  const queryClient = useQueryClient();
  return (photos?: Photo[]) => {
    if (photos) queryClient.setQueryData(photosKey(num), photos);
    else void queryClient.invalidateQueries({ queryKey: photosKey(num) });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'items'] });
  };
}

/** One file up, as multipart with the part `file`; `onProgress` follows the upload (0 to 1). */
export function useUploadPhoto(num: string) {
  const after = useAfterChange(num);
  return (file: File, onProgress: (fraction: number) => void) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return adminUpload(path(num), form, photoSchema, 'Failed to upload the photo', onProgress).finally(() => after());
  };
}

export function useReorderPhotos(num: string) {
  const after = useAfterChange(num);
  return useMutation({
    mutationFn: (photoIds: number[]) => adminCall('PUT', `${path(num)}/Order`, photoListSchema, 'Failed to reorder the photos', { body: { photoIds } }),
    onSuccess: (photos) => after(photos),
  });
}

export function useSetPhotoAlt(num: string) {
  const after = useAfterChange(num);
  return useMutation({
    mutationFn: ({ photoId, alt }: { photoId: number; alt: string }) => adminCall('PUT', `${path(num)}/${photoId}`, photoSchema, 'Failed to save the alt text', { body: { alt } }),
    onSuccess: () => after(),
  });
}

export function useDeletePhoto(num: string) {
  const after = useAfterChange(num);
  return useMutation({
    mutationFn: (photoId: number) => adminCall('DELETE', `${path(num)}/${photoId}`, photoListSchema, 'Failed to delete the photo'),
    onSuccess: (photos) => after(photos),
  });
}
