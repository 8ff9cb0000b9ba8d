import { Alert, Anchor, Breadcrumbs, Button, Container, Group, Loader, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { RETURN_REASON_LABELS, RETURN_REASONS, RETURNS, requestReturnBody, type RequestReturnAnswer, type ReturnReason } from '../../../contract/returns';
import { PhotoPicker, ReturnPhotos, UploadProgress, usePhotoUpload } from '../../components/return-photos';
import { ReturnStatusBadge } from '../../components/return-status-badge';
import { useReturns } from '../../components/returns-data';
import { usePageMeta } from '../../lib/page-meta';
import { useOrder, useRequestReturn } from './api';
import { returnableLines, type ReturnableLine } from './returnable';

const REASON_OPTIONS = RETURN_REASONS.map((r) => ({ value: r, label: RETURN_REASON_LABELS[r] }));

interface Choice {
  qty: number;
  reason: ReturnReason | null;
}

/** One shipped line: what it is, what may still go back, how many and why. */
function LineChoice({ line, choice, onChange }: { line: ReturnableLine; choice: Choice; onChange: (c: Choice) => void }) {
  const name = `${line.invNum} ${line.title}`;
  return (
    <Paper withBorder p="md" radius="md" component="fieldset" aria-label={name} data-testid={`return-line-${line.invNum}`} m={0} style={{ minWidth: 0 }}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
        <div>
          <Text fw={700}>{line.invNum}</Text>
          <Text size="sm">{line.title}</Text>
          <Text size="xs" c="dimmed">
            Shipped {line.shipped}
            {line.returned > 0 ? ` · already returned ${line.returned}` : ''} · you can return {line.returnable}
          </Text>
        </div>
        {line.returnable === 0 ? (
          <Text size="sm" c="dimmed">
            Everything shipped of this item is already on a return.
          </Text>
        ) : (
          <>
            <NumberInput
              label="Units to return"
              aria-label={`Units to return of ${name}`}
              min={0}
              max={line.returnable}
              clampBehavior="strict"
              allowDecimal={false}
              allowNegative={false}
              value={choice.qty}
              onChange={(v) => onChange({ ...choice, qty: typeof v === 'number' ? v : Number(v) || 0 })}
            />
            <Select
              label="Reason"
              aria-label={`Reason for returning ${name}`}
              placeholder="Choose a reason"
              data={REASON_OPTIONS}
              value={choice.reason}
              onChange={(v) => onChange({ ...choice, reason: (v as ReturnReason | null) ?? null })}
              disabled={choice.qty === 0}
              comboboxProps={{ withinPortal: true }}
            />
          </>
        )}
      </SimpleGrid>
    </Paper>
  );
}

/** After sending: the RMA number, the picked photos going up one by one, and what happens next. */
function Requested({ orderNum, answer, files }: { orderNum: number; answer: RequestReturnAnswer; files: readonly File[] }) {
  const { state, run } = usePhotoUpload(answer.rmaNum);
  const started = useRef(false);
  useEffect(() => {
    if (started.current || files.length === 0) return;
    started.current = true;
    void run(files);
  }, [files, run]);
  const stored = useReturns().data?.find((r) => r.rmaNum === answer.rmaNum)?.photos ?? [];
  return (
    <Paper withBorder p="lg" radius="md" role="status" aria-labelledby="return-requested-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="return-requested-title">
          Return requested
        </Title>
        <Group gap="xs">
          <Text>
            Your return number (RMA) is <strong data-testid="rma-number">{answer.rmaNum}</strong>.
          </Text>
          <ReturnStatusBadge status={answer.status} size="md" />
        </Group>
        <Text size="sm">We look at your request and mail you when it is approved. Please write the return number on the box when you send the items back.</Text>
        <UploadProgress state={state} />
        {!state.busy && <ReturnPhotos rmaNum={answer.rmaNum} photos={stored} canAdd />}
        <Group gap="xs">
          <Button component={Link} to={`/orders/${orderNum}`}>
            Back to order {orderNum}
          </Button>
          <Button component={Link} to="/account#returns" variant="default">
            My returns and credits
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Return items (DESIGN.md §7): the order's shipped lines, each with how many units to send back
 * (up to shipped − already returned) and why, and a note; sending answers the return's number.
 * A page rather than a dialog: on a phone every line gets the whole width.
 */
export default function ReturnRequestPage() {
  const orderNum = Number(useParams().orderNum);
  usePageMeta(`Return items from order ${orderNum}`, 'Ask to return items of an order that has shipped.');
  const order = useOrder(orderNum);
  const returns = useReturns();
  const request = useRequestReturn(orderNum);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [answer, setAnswer] = useState<RequestReturnAnswer | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);

  const lines = order.data && returns.data ? returnableLines(order.data, returns.data) : [];
  const choiceOf = (l: ReturnableLine): Choice => choices[l.lineNo] ?? { qty: 0, reason: null };

  const submit = () => {
    const chosen = lines.filter((l) => choiceOf(l).qty > 0);
    const found: string[] = [];
    if (chosen.length === 0) found.push('Enter how many units to return of at least one item.');
    for (const l of chosen) {
      if (!choiceOf(l).reason) found.push(`Choose a reason for returning ${l.invNum}.`);
      if (choiceOf(l).qty > l.returnable) found.push(`You can return at most ${l.returnable} of ${l.invNum}.`);
    }
    const parsed = requestReturnBody.safeParse({ lines: chosen.map((l) => ({ lineNo: l.lineNo, qty: choiceOf(l).qty, reason: choiceOf(l).reason })), note });
    if (found.length === 0 && !parsed.success) found.push(...parsed.error.issues.map((i) => i.message));
    setProblems(found);
    if (found.length > 0 || !parsed.success) return;
    request.mutate(parsed.data, { onSuccess: setAnswer });
  };

  return (
    <Container size="md" py="lg">
      <Breadcrumbs mb="md" styles={{ root: { flexWrap: 'wrap' } }}>
        <Anchor component={Link} to="/orders">
          Order Status
        </Anchor>
        <Anchor component={Link} to={`/orders/${orderNum}`}>
          Order {Number.isFinite(orderNum) ? orderNum : ''}
        </Anchor>
        <Text size="sm">Return items</Text>
      </Breadcrumbs>
      <Title order={1} size="h2" mb="xs">
        Return items from order {Number.isFinite(orderNum) ? orderNum : ''}
      </Title>
      {answer ? (
        <Requested orderNum={orderNum} answer={answer} files={photos} />
      ) : order.isPending || returns.isPending ? (
        <Loader size="sm" aria-label="Loading the order" />
      ) : order.isError || returns.isError ? (
        <Alert color="red" title="Error">
          {(order.error ?? returns.error)?.message}
        </Alert>
      ) : lines.length === 0 ? (
        <Alert color="blue" title="Nothing to return yet">
          Nothing of this order has shipped yet. You can return items once they have shipped.
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack>
            <Text size="sm" c="dimmed">
              Choose how many units of each item to send back and why. We look at your request and mail you when it is approved; the credit follows once the items arrive.
            </Text>
            {lines.map((l) => (
              <LineChoice key={l.lineNo} line={l} choice={choiceOf(l)} onChange={(c) => setChoices((all) => ({ ...all, [l.lineNo]: c }))} />
            ))}
            <Textarea label="Note" description="Anything we should know (optional)" autosize minRows={2} maxLength={RETURNS.noteMax} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
            <PhotoPicker files={photos} onChange={setPhotos} />
            {problems.length > 0 && (
              <Alert color="red" role="alert" title="Please check the return">
                {problems.map((p) => (
                  <div key={p}>{p}</div>
                ))}
              </Alert>
            )}
            {request.isError && (
              <Alert color="red" role="alert" title="Not sent">
                {request.error.message}
              </Alert>
            )}
            <Group gap="xs">
              <Button type="submit" loading={request.isPending}>
                Request return
              </Button>
              <Button component={Link} to={`/orders/${orderNum}`} variant="default">
                Back to the order
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Container>
  );
}
