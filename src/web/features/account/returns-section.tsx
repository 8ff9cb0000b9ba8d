import { Alert, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { money } from '../../components/money';
import { notify } from '../../components/notify';
import { ReturnEntry } from '../../components/return-entry';
import { useCreditMemoDownload, useCreditMemos, useReturns } from '../../components/returns-data';

const onDay = (iso: string) => new Date(iso.length === 10 ? `${iso}T12:00:00` : iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** The buyer's credit memos: number, date, amount, and the PDF. Lists, not tables: on a phone each wraps and its button stays in view. */
function CreditMemos() {
  const memos = useCreditMemos();
  const download = useCreditMemoDownload();
  if (memos.isError) return <Alert color="red">{memos.error.message}</Alert>;
  if (!memos.data) return null;
  if (memos.data.length === 0) return <Text size="sm">No credit memos.</Text>;
  return (
    <Stack gap="sm">
      {memos.data.map((m) => (
        <Group key={m.creditMemoNum} justify="space-between" gap="xs" data-testid={`credit-memo-${m.creditMemoNum}`}>
          <div>
            <Text fw={700}>Credit memo {m.creditMemoNum}</Text>
            <Text size="sm" c="dimmed">
              {onDay(m.date)} · return {m.rmaNum} · order {m.orderNum} · {money(m.total)}
            </Text>
          </div>
          <Button
            size="xs"
            variant="light"
            aria-label={`Download credit memo ${m.creditMemoNum} (PDF)`}
            loading={download.isPending && download.variables === m.creditMemoNum}
            onClick={() => download.mutate(m.creditMemoNum, { onError: (e) => notify('red', e.message) })}
          >
            Download PDF
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

/** Returns and credits on the account page (DESIGN.md §7): every return with its status in words, and the credit memos its receipts raised. */
export function ReturnsSection() {
  const returns = useReturns();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="returns" mt="md">
      <Title order={2} size="h4" mb="xs" id="returns">
        Returns and credits
      </Title>
      <Text size="xs" c="dimmed" mb="md">
        To return items, open the order under Order Status and choose Return items. A credit memo is taken off your oldest open invoices; what is left stays as credit on your account.
      </Text>
      <Title order={3} size="h5" mb="xs">
        Returns
      </Title>
      {returns.isError && <Alert color="red">{returns.error.message}</Alert>}
      {returns.data &&
        (returns.data.length === 0 ? (
          <Text size="sm">No returns.</Text>
        ) : (
          <Stack gap="md">
            {returns.data.map((r) => (
              <ReturnEntry key={r.rmaNum} r={r} showOrder />
            ))}
          </Stack>
        ))}
      <Divider my="md" />
      <Title order={3} size="h5" mb="xs">
        Credit memos
      </Title>
      <CreditMemos />
    </Card>
  );
}
