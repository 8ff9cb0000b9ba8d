import { Anchor, Group, Image, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RETURN_REASON_LABELS, type AdminReturn } from '../../../../contract/admin/returns';
import { HeadedTable } from '../../../../web/components/headed-table';
import { money } from '../../../../web/components/money';
import { atTime, onDate } from '../../../components/dates';
import { documentUrl } from '../../../lib/admin-api';

const WAREHOUSES = { west: 'West (Fresno)', east: 'East (Fairhope)' } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const units = (n: number) => (n > 0 ? n : '—');

/** The lines asked back: item, how many and why, the invoiced price, and once received what went back to stock and what was scrapped. */
export function ReturnLinesSection({ ret }: { ret: AdminReturn }) {
  const received = ret.status === 'received';
  return (
    <Section title="Lines">
      <HeadedTable
        striped
        aria-label="Lines of the return"
        columns={[
          'Line',
          'Item',
          { label: 'Asked back', ta: 'right' },
          'Reason',
          { label: 'Invoiced at', ta: 'right' },
          ...(received ? [{ label: 'Back to stock', ta: 'right' as const }, { label: 'Scrapped', ta: 'right' as const }] : []),
        ]}
      >
        {ret.lines.map((l) => (
          <Table.Tr key={l.lineNo} data-testid={`return-line-${l.lineNo}`}>
            <Table.Td>{l.lineNo}</Table.Td>
            <Table.Td>
              <Text size="sm">{l.invNum}</Text>
              <Text size="xs" c="dimmed">
                {l.title}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{l.qty}</Table.Td>
            <Table.Td>{RETURN_REASON_LABELS[l.reason]}</Table.Td>
            <Table.Td ta="right">{money(l.price)}</Table.Td>
            {received && (
              <>
                <Table.Td ta="right">{units(l.restocked)}</Table.Td>
                <Table.Td ta="right">{units(l.scrapped)}</Table.Td>
              </>
            )}
          </Table.Tr>
        ))}
      </HeadedTable>
    </Section>
  );
}

/** Who, which order, the buyer's note, what happened when; the return slip and credit memo PDFs. */
export function ReturnFactsSection({ ret, slip, creditMemoPdf }: { ret: AdminReturn; slip: boolean; creditMemoPdf: boolean }) {
  const steps: [string, string | null][] = [
    ['Requested', atTime(ret.createdAt)],
    ['Approved', ret.approvedAt && atTime(ret.approvedAt)],
    ['Rejected', ret.rejectedAt && atTime(ret.rejectedAt)],
    ['Received', ret.receivedAt && `${atTime(ret.receivedAt)}${ret.warehouse ? ` at ${WAREHOUSES[ret.warehouse]}` : ''}`],
  ];
  return (
    <Section title="Return">
      <Stack gap={4}>
        <Text size="sm">
          <Anchor component={Link} to={`/customers/${ret.customer.id}`} fw={600}>
            {ret.customer.orgName}
          </Anchor>{' '}
          · order{' '}
          <Anchor component={Link} to={`/orders/${ret.orderNum}`}>
            {ret.orderNum}
          </Anchor>
        </Text>
        {steps
          .filter(([, at]) => at)
          .map(([what, at]) => (
            <Text size="sm" key={what}>
              {what} {at}
            </Text>
          ))}
        {ret.note && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            Buyer’s note: “{ret.note}”
          </Text>
        )}
        {ret.rejectReason && (
          <Text size="sm" c="red.9" fw={600}>
            Rejected: {ret.rejectReason}
          </Text>
        )}
        {(slip || creditMemoPdf) && (
          <Group gap="md" mt="xs">
            {slip && (
              <Anchor href={documentUrl(`/Returns/${ret.rmaNum}/Slip.pdf`)} target="_blank" rel="noopener">
                Return slip (PDF)
              </Anchor>
            )}
            {creditMemoPdf && ret.creditMemo && (
              <Anchor href={documentUrl(`/CreditMemos/${ret.creditMemo.creditMemoNum}.pdf`)} target="_blank" rel="noopener">
                Credit memo {ret.creditMemo.creditMemoNum} (PDF)
              </Anchor>
            )}
          </Group>
        )}
      </Stack>
    </Section>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {value}
      </Text>
    </Group>
  );
}

/** The credit memo its receipt raised: amounts, and where the credit went (oldest open invoices, then credit on account). */
export function CreditMemoSection({ ret }: { ret: AdminReturn }) {
  const m = ret.creditMemo;
  if (!m) return null;
  return (
    <Section title={`Credit memo ${m.creditMemoNum}`}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          Issued {onDate(m.date)}
        </Text>
        <Row label="Merchandise" value={money(m.subtotal)} />
        {m.discount > 0 && <Row label="Less its share of the order's discount" value={`−${money(m.discount)}`} />}
        {m.tax > 0 && <Row label="Tax" value={money(m.tax)} />}
        {m.shipping > 0 && <Row label="Shipping" value={money(m.shipping)} />}
        <Row label="Credit" value={money(m.total)} strong />
        {m.applications.map((a) => (
          <Row key={a.invoiceNum} label={`Taken off invoice ${a.invoiceNum}`} value={money(a.amount)} />
        ))}
        {m.toCredit > 0 && <Row label="Credit on account" value={money(m.toCredit)} />}
      </Stack>
    </Section>
  );
}

/** The buyer's photos of what arrived: thumbnails, each opening the photo full size in a new tab (the staff cookie goes with it). */
export function ReturnPhotosSection({ ret }: { ret: AdminReturn }) {
  if (ret.photos.length === 0) return null;
  return (
    <Section title={`Photos from the buyer (${ret.photos.length})`}>
      <Group gap="sm">
        {ret.photos.map((p, i) => (
          <Anchor key={p.photoId} href={p.url} target="_blank" rel="noopener" aria-label={`Photo ${i + 1} of return ${ret.rmaNum}, full size`}>
            <Image src={p.url} alt={`Photo ${i + 1} of return ${ret.rmaNum}`} w={120} h={120} fit="cover" radius="sm" loading="lazy" />
          </Anchor>
        ))}
      </Group>
    </Section>
  );
}
