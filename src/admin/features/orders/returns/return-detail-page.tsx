import { Button, Grid, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { ReturnAction } from '../../../../contract/admin/returns';
import { ReturnStatusBadge } from '../../../../web/components/return-status-badge';
import { atTime } from '../../../components/dates';
import { RecordHeader, RecordPage } from '../../../components/record-page';
import { useCan } from '../../../lib/session';
import { useAdminTitle } from '../../../lib/title';
import { useAdminReturn } from './api';
import { ApproveDialog, ReceiveDialog, RejectDialog } from './return-dialogs';
import { CreditMemoSection, ReturnFactsSection, ReturnLinesSection, ReturnPhotosSection } from './return-sections';
import { returnNextStep } from './return-words';

const ACTION_BUTTONS: { action: ReturnAction; label: string; color?: string; variant?: string }[] = [
  { action: 'approve', label: 'Approve' },
  { action: 'receive', label: 'Receive…' },
  { action: 'reject', label: 'Reject…', color: 'red.9', variant: 'outline' },
];

/** One return: header and actions (what its status allows), who and which order, the lines, the buyer's photos, the credit memo, the PDFs. */
export default function ReturnDetailPage() {
  const rmaNum = Number(useParams().rma);
  useAdminTitle(`Return ${rmaNum}`);
  const query = useAdminReturn(rmaNum);
  const can = useCan();
  const [dialog, setDialog] = useState<ReturnAction | null>(null);
  const ret = query.data;
  const buttons = ret && can('orders:write') ? ACTION_BUTTONS.filter((b) => ret.actions.includes(b.action)) : [];
  const close = () => setDialog(null);

  return (
    <RecordPage list={{ to: '/returns', label: 'Returns' }} crumb={`Return ${Number.isFinite(rmaNum) ? rmaNum : ''}`} loading="Loading the return" query={query}>
      {(ret) => (
        <>
          <RecordHeader
            title={`Return ${ret.rmaNum}`}
            badge={<ReturnStatusBadge status={ret.status} size="lg" />}
            actionsLabel="Return actions"
            actions={buttons.map((b) => (
              <Button key={b.action} color={b.color} variant={b.variant ?? 'filled'} onClick={() => setDialog(b.action)}>
                {b.label}
              </Button>
            ))}
          >
            <Text size="sm" c="dimmed" mt={4}>
              Requested {atTime(ret.createdAt)} by {ret.customer.orgName} for order {ret.orderNum}
            </Text>
            {returnNextStep(ret.status) && (
              <Text size="sm" fw={600}>
                {returnNextStep(ret.status)}
              </Text>
            )}
          </RecordHeader>
          <Grid>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <ReturnFactsSection ret={ret} slip={can('orders:write')} creditMemoPdf={can('invoices:read')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <CreditMemoSection ret={ret} />
            </Grid.Col>
          </Grid>
          <ReturnLinesSection ret={ret} />
          <ReturnPhotosSection ret={ret} />
          {dialog === 'approve' && <ApproveDialog ret={ret} onClose={close} />}
          {dialog === 'reject' && <RejectDialog ret={ret} onClose={close} />}
          {dialog === 'receive' && <ReceiveDialog ret={ret} onClose={close} />}
        </>
      )}
    </RecordPage>
  );
}
