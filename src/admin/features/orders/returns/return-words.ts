import type { ReturnStatus } from '../../../../contract/admin/returns';

/** What the return waits for, in the desk's words (the list's cards, the detail's header). */
export function returnNextStep(status: ReturnStatus): string | null {
  if (status === 'requested') return 'To approve or reject';
  if (status === 'approved') return 'To receive when it arrives';
  return null;
}
