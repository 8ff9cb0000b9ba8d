import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type BuyerReturn, RETURN_REASON_LABELS } from '../../contract/returns';
import { money } from './money';
import { notify } from './notify';
import { ReturnPhotos } from './return-photos';
import { ReturnStatusBadge } from './return-status-badge';
import { useCreditMemoDownload } from './returns-data';

const onDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** A return's lines in words: "2 × 17060 Red balloons (Arrived damaged)". */
export const returnLinesText = (r: BuyerReturn) => r.lines.map((l) => `${l.qty} × ${l.invNum} ${l.title} (${RETURN_REASON_LABELS[l.reason]})`).join(' · ');

/** What happens next, in the buyer's words. */
export function returnNextStep(r: BuyerReturn): string {
  switch (r.status) {
    case 'requested':
      return 'We are looking at your request.';
    case 'approved':
      return `Approved: send the items back with return number ${r.rmaNum} on the box.`;
    case 'rejected':
      return r.rejectReason ? `Not accepted: ${r.rejectReason}` : 'Not accepted.';
    case 'received':
      return r.creditMemo ? `Received: credit memo ${r.creditMemo.creditMemoNum} for ${money(r.creditMemo.total)}.` : 'Received.';
  }
}

/** One return: its number and status, when it was asked, its lines, what happens next, its photos, and its credit memo as a PDF. */
export function ReturnEntry({ r, showOrder = false }: { r: BuyerReturn; showOrder?: boolean }) {
  const download = useCreditMemoDownload();
  const memo = r.creditMemo;
  return (
    <Stack gap={4} data-testid={`return-${r.rmaNum}`}>
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          <Text fw={700}>Return {r.rmaNum}</Text>
          <ReturnStatusBadge status={r.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {showOrder ? (
            <>
              Order{' '}
              <Text span inherit component={Link} to={`/orders/${r.orderNum}`} td="underline">
                {r.orderNum}
              </Text>{' '}
              ·{' '}
            </>
          ) : null}
          Requested {onDay(r.createdAt)}
        </Text>
      </Group>
      <Text size="sm">{returnLinesText(r)}</Text>
      <Text size="sm" c={r.status === 'rejected' ? 'red.9' : 'dimmed'}>
        {returnNextStep(r)}
      </Text>
      <ReturnPhotos rmaNum={r.rmaNum} photos={r.photos} canAdd={r.status === 'requested' || r.status === 'approved'} />
      {memo && (
        <Button
          size="xs"
          variant="light"
          w="fit-content"
          aria-label={`Download credit memo ${memo.creditMemoNum} (PDF)`}
          loading={download.isPending}
          onClick={() => download.mutate(memo.creditMemoNum, { onError: (e) => notify('red', e.message) })}
        >
          Credit memo {memo.creditMemoNum} (PDF)
        </Button>
      )}
    </Stack>
  );
}
