import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { surveySchema } from '../../../contract/survey';
import { addItems, setCart } from '../../components/cart-data';
import { apiGet, queryString } from '../../lib/api-client';

export function useSurvey(masterId: string) {
  return useQuery({
    queryKey: ['survey', masterId],
    retry: (count, err) => !(err && 'status' in err && err.status === 404) && count < 1,
    queryFn: () => apiGet(`/Survey/GetSurveyInfo${queryString({ masterid: masterId })}`, surveySchema, 'Failed to fetch the order form'),
  });
}

/** Review Order: every chosen line in one AddItems call (all or nothing). */
export function useAddSurveyLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lines: { invNum: string; qty: number }[]) => addItems(lines),
    onSuccess: (cart) => setCart(queryClient, cart),
  });
}
