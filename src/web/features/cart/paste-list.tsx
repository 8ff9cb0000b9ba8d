import { Alert, Badge, Button, CloseButton, FileButton, Group, Image, Paper, Table, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { type ItemMatch, itemMatchSchema, type StockedItem } from '../../../contract/inventory-lookup';
import { addItems, setCart } from '../../components/cart-data';
import { money } from '../../components/money';
import { notify } from '../../components/notify';
import { ApiError, apiGet, queryString } from '../../lib/api-client';
import { addableLines, PASTE_LIMITS, PASTE_REASONS, type PastedLine, parsePastedList } from './paste-list-parse';

/** Numbers per LookupItems call: keeps the URL short, and the calls run side by side. */
const LOOKUP_CHUNK = 100;

async function lookupItems(nums: string[]): Promise<Map<string, StockedItem>> {
  const chunks: string[][] = [];
  for (let i = 0; i < nums.length; i += LOOKUP_CHUNK) chunks.push(nums.slice(i, i + LOOKUP_CHUNK));
  const answers = await Promise.all(chunks.map((c) => apiGet(`/Inventory/LookupItems${queryString({ invNum: c })}`, z.array(itemMatchSchema), 'Failed to look up items')));
  return new Map(answers.flat().flatMap((m: ItemMatch) => (m.item ? [[m.invNum, m.item] as const] : [])));
}

interface Preview {
  /** The text previewed; a dropped line is blanked in it (so line numbers stay) and the text parsed again. */
  source: string;
  lines: PastedLine[];
  items: Map<string, StockedItem>;
}

/** The reason a previewed line cannot be added, or '' when it can. */
const reasonOf = (l: PastedLine, items: Map<string, StockedItem>) => l.reason || (items.has(l.invNum) ? '' : PASTE_REASONS.unknownNumber);

/**
 * "Paste a list" (issue 8): paste lines or open a plain CSV file, preview every line against the
 * catalogue (picture, title, price, West/East stock, or why it cannot be added), drop lines, then
 * add all valid lines in one AddItems call (all or nothing on the server).
 */
export function PasteList() {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string[]>([]);

  const runPreview = async (source: string) => {
    const lines = parsePastedList(source);
    setError([]);
    if (lines.length === 0) return setError(['Paste at least one line: an item number and a quantity']);
    if (lines.length > PASTE_LIMITS.maxLines) return setError([`Paste at most ${PASTE_LIMITS.maxLines} lines at a time`]);
    setBusy(true);
    try {
      const nums = [...new Set(lines.filter((l) => !l.reason).map((l) => l.invNum))];
      setPreview({ source, lines, items: await lookupItems(nums) });
    } catch (err) {
      setError([err instanceof Error ? err.message : String(err)]);
    } finally {
      setBusy(false);
    }
  };

  const drop = (lineNo: number) =>
    setPreview((p) => {
      if (!p) return p;
      const source = p.source
        .split(/\r\n|\r|\n/)
        .map((line, i) => (i + 1 === lineNo ? '' : line))
        .join('\n');
      return { ...p, source, lines: parsePastedList(source) };
    });

  const good = preview ? addableLines(preview.lines, (n) => preview.items.has(n)) : [];

  const addAll = async () => {
    setBusy(true);
    try {
      const cart = await addItems(good);
      setCart(queryClient, cart);
      notify('green', `${good.length} ${good.length === 1 ? 'line' : 'lines'} added to your cart`);
      setPreview(null);
      setText('');
    } catch (err) {
      setError(err instanceof ApiError && err.errors.length ? err.errors : [err instanceof Error ? err.message : String(err)]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h5" mb={4}>
        Paste a list
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        One item per line: catalog number and quantity (<code>11012 24</code>, <code>11012,24</code> or two columns from a spreadsheet), or open a CSV file.
      </Text>
      <form
        noValidate
        aria-label="Paste a list"
        onSubmit={(e) => {
          e.preventDefault();
          void runPreview(text);
        }}
      >
        <Textarea
          label="Items and quantities"
          name="pastedList"
          autosize
          minRows={3}
          maxRows={8}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <Group mt="sm" gap="xs">
          <Button type="submit" variant="light" loading={busy && !preview}>
            Preview
          </Button>
          <FileButton
            accept=".csv,text/csv,text/plain"
            onChange={(file) => {
              if (!file) return;
              void file.text().then((content) => {
                setText(content);
                void runPreview(content);
              });
            }}
          >
            {(props) => (
              <Button {...props} variant="subtle">
                Open CSV file
              </Button>
            )}
          </FileButton>
        </Group>
      </form>
      {error.length > 0 && (
        <Alert color="red" mt="sm" role="alert" title="Nothing was added">
          {error.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </Alert>
      )}
      {preview && <PreviewTable preview={preview} onDrop={drop} />}
      {preview && (
        <Group mt="sm" justify="space-between">
          <Text size="sm" role="status">
            {good.length} of {preview.lines.length} lines can be added
          </Text>
          <Group gap="xs">
            <Button variant="subtle" onClick={() => setPreview(null)}>
              Cancel
            </Button>
            <Button onClick={() => void addAll()} disabled={good.length === 0} loading={busy}>
              Add {good.length} {good.length === 1 ? 'line' : 'lines'} to cart
            </Button>
          </Group>
        </Group>
      )}
    </Paper>
  );
}

function PreviewTable({ preview, onDrop }: { preview: Preview; onDrop: (lineNo: number) => void }) {
  return (
    <Table.ScrollContainer minWidth={360} mt="sm" mah={480}>
      <Table verticalSpacing={4} fz="xs" aria-label="Pasted lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th>
              <VisuallyHidden>Drop</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.lines.map((l) => {
            const item = preview.items.get(l.invNum);
            const reason = reasonOf(l, preview.items);
            return (
              <Table.Tr key={l.lineNo} data-testid={`paste-line-${l.lineNo}`}>
                <Table.Td>{l.lineNo}</Table.Td>
                <Table.Td>
                  {item && !l.mergedInto ? (
                    <Group gap={6} wrap="nowrap">
                      <Image src={item.picture} alt="" w={32} h={32} fit="contain" />
                      <div>
                        <Text size="xs" fw={600} lineClamp={1}>
                          {item.web_Title}
                        </Text>
                        <Text size="xs" c="dimmed">
                          #{item.num} · {item.price !== undefined ? money(item.price) : ''} · West {item.availableWest} · East {item.availableEast}
                        </Text>
                      </div>
                    </Group>
                  ) : (
                    <Text size="xs">{l.text}</Text>
                  )}
                  {reason && (
                    <Badge color={l.mergedInto ? 'gray' : 'red'} variant="light" tt="none" size="sm" mt={2}>
                      {reason}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">{l.qty ?? '—'}</Table.Td>
                <Table.Td>
                  <CloseButton size="sm" aria-label={`Drop line ${l.lineNo}`} onClick={() => onDrop(l.lineNo)} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
