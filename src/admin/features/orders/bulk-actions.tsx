import { Anchor, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link } from 'react-router';
import { holdBody, ORDER_STATUS_LABELS, type AdminOrderListItem } from '../../../contract/admin/orders';
import type { BulkOrdersAnswer } from '../../../contract/admin/order-bulk';
import { StatusBadge } from '../../../web/components/status-badge';
import { documentUrl } from '../../lib/admin-api';
import { useCan } from '../../lib/session';
import { useBulkOrders } from './api';

type Bulk = 'hold' | 'print' | 'invoice';

const DONE_WORDS: Record<Bulk | 'accept', string> = { accept: 'Accepted', hold: 'Put on hold', print: 'Ready to print', invoice: 'Invoices ready' };
const TITLES: Record<Bulk | 'accept', string> = { accept: 'Accept orders', hold: 'Hold orders', print: 'Print documents', invoice: 'Invoices' };

/** What a bulk call answered, one line per order: done (with its documents) or refused with the reason. */
export function BulkResults({ kind, answer, onClose }: { kind: Bulk | 'accept'; answer: BulkOrdersAnswer | null; onClose: () => void }) {
  if (!answer) return null;
  const done = answer.results.filter((r) => r.ok).length;
  const refused = answer.results.length - done;
  return (
    <Modal opened onClose={onClose} title={TITLES[kind]}>
      <Stack>
        <Text aria-live="polite">
          {done} done{refused ? `, ${refused} refused` : ''}.
        </Text>
        {answer.pickList && (
          <Button component="a" href={documentUrl(answer.pickList.path)} target="_blank" rel="noopener">
            Open {answer.pickList.label}
          </Button>
        )}
        <List spacing="xs" listStyleType="none" p={0} aria-label="Result per order">
          {answer.results.map((r) => (
            <List.Item key={r.orderNum} data-testid={`bulk-result-${r.orderNum}`}>
              <Group gap={6} wrap="wrap">
                <Anchor component={Link} to={`/orders/${r.orderNum}`} fw={600}>
                  Order {r.orderNum}
                </Anchor>
                <StatusBadge tone={r.ok ? 'good' : 'bad'}>{r.ok ? 'Done' : 'Refused'}</StatusBadge>
                <Text size="sm">{r.ok ? (kind === 'accept' || kind === 'hold') && r.statusCode ? `${DONE_WORDS[kind]}: now ${ORDER_STATUS_LABELS[r.statusCode].toLowerCase()}` : DONE_WORDS[kind] : r.error}</Text>
              </Group>
              {r.documents && r.documents.length > 0 && (
                <Group gap="sm" mt={2}>
                  {r.documents.map((d) => (
                    <Anchor key={d.path} href={documentUrl(d.path)} target="_blank" rel="noopener" size="sm">
                      {d.label} (PDF)
                    </Anchor>
                  ))}
                </Group>
              )}
            </List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Hold the selected orders: one reason for the desk, an optional message mailed to each buyer. */
function BulkHoldDialog({ orderNums, onClose, onAnswer }: { orderNums: number[]; onClose: () => void; onAnswer: (a: BulkOrdersAnswer) => void }) {
  const call = useBulkOrders();
  const form = useForm({ mode: 'controlled', initialValues: { reason: '', message: '' }, validate: zod4Resolver(holdBody) });
  return (
    <Modal opened onClose={onClose} title={`Hold ${orderNums.length} ${orderNums.length === 1 ? 'order' : 'orders'}`}>
      <form
        noValidate
        onSubmit={form.onSubmit((v) =>
          call.mutate({ kind: 'hold', body: { orderNums, reason: v.reason.trim(), ...(v.message.trim() ? { message: v.message.trim() } : {}) } }, { onSuccess: onAnswer }),
        )}
      >
        <Stack>
          <Textarea label="Reason" description="For staff only, on each order's timeline: buyers never see it" required autosize minRows={2} data-autofocus {...form.getInputProps('reason')} />
          <Textarea
            label="Message to the buyers (optional)"
            description="Mailed to each buyer and shown on their order page. Leave it empty and the buyers are told nothing."
            autosize
            minRows={2}
            {...form.getInputProps('message')}
          />
          {call.error && (
            <Text c="red.9" size="sm" role="alert">
              {call.error.message}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={call.isPending}>
              Put on hold
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Hold, Print and Invoice for the selected orders, each shown to those the permission table lets
 * do it (hold: orders:write; print: orders:ship, at `warehouse`; invoice: invoices:read).
 */
export function BulkActions({ selected, warehouse, onDone }: { selected: AdminOrderListItem[]; warehouse: 'west' | 'east'; onDone: () => void }) {
  const can = useCan();
  const call = useBulkOrders();
  const [holding, setHolding] = useState(false);
  const [result, setResult] = useState<{ kind: Bulk; answer: BulkOrdersAnswer } | null>(null);
  const orderNums = selected.map((o) => o.orderNum);
  const n = orderNums.length;
  const show = (kind: Bulk) => (answer: BulkOrdersAnswer) => {
    setHolding(false);
    setResult({ kind, answer });
    onDone();
  };
  const where = warehouse === 'west' ? 'West' : 'East';
  return (
    <>
      {can('orders:write') && (
        <Button variant="default" disabled={n === 0} onClick={() => setHolding(true)}>
          Hold selected ({n})
        </Button>
      )}
      {can('orders:ship') && (
        <Button variant="default" disabled={n === 0} loading={call.isPending && call.variables?.kind === 'print'} onClick={() => call.mutate({ kind: 'print', body: { orderNums, warehouse } }, { onSuccess: show('print') })}>
          Print selected at {where} ({n})
        </Button>
      )}
      {can('invoices:read') && (
        <Button variant="default" disabled={n === 0} loading={call.isPending && call.variables?.kind === 'invoice'} onClick={() => call.mutate({ kind: 'invoice', body: { orderNums } }, { onSuccess: show('invoice') })}>
          Invoices of selected ({n})
        </Button>
      )}
      {call.error && !holding && (
        <Text c="red.9" size="sm" role="alert">
          {call.error.message}
        </Text>
      )}
      {holding && <BulkHoldDialog orderNums={orderNums} onClose={() => setHolding(false)} onAnswer={show('hold')} />}
      <BulkResults kind={result?.kind ?? 'hold'} answer={result?.answer ?? null} onClose={() => setResult(null)} />
    </>
  );
}
