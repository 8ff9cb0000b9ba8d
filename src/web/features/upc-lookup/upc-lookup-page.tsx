import { Anchor, Badge, Button, Container, Group, Image, Paper, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { UpcMatch } from '../../../contract/inventory-lookup';
import { addItem, useCartMutation } from '../../components/cart-data';
import { CART_TEXTS, reasonOr } from '../../components/cart-texts';
import { money } from '../../components/money';
import { notify } from '../../components/notify';
import { usePageMeta } from '../../lib/page-meta';
import { lookupUpcs, splitCodes } from './api';
import { BarcodeScanner } from '../../components/barcode-scanner';

interface Row extends UpcMatch {
  key: number;
}

let nextKey = 1;

/** UPC Lookup (the landing page's tile): type, paste or scan UPC-A / EAN-13 codes; each adds a row with the item or the reason. */
export default function UpcLookupPage() {
  usePageMeta('UPC Lookup', 'Find items by their UPC or EAN barcode, see stock in both warehouses and add them to your cart.');
  const [text, setText] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const lookUp = async (codes: string[]) => {
    if (codes.length === 0) {
      setError('Enter at least one code');
      return;
    }
    setBusy(true);
    setError('');
    try {
      const found = await lookupUpcs(codes);
      // Newest first: a scan shows at the top, where the buyer is looking.
      setRows((r) => [...found.map((m) => ({ ...m, key: nextKey++ })).reverse(), ...r]);
      setText('');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container size="lg" py="lg">
      <Title order={1} size="h2" mb={4}>
        UPC Lookup
      </Title>
      <Text c="dimmed" mb="lg">
        Type or paste one or many 12-digit UPC or 13-digit EAN codes (one per line), or scan the barcodes on your packages.
      </Text>
      <Paper withBorder p="md" radius="md" mb="lg">
        <form
          noValidate
          aria-label="Look up UPCs"
          onSubmit={(e) => {
            e.preventDefault();
            void lookUp(splitCodes(text));
          }}
        >
          <Textarea
            label="UPC or EAN codes"
            name="upcs"
            autosize
            minRows={3}
            maxRows={10}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              // Enter alone looks up (a barcode scanner that types ends each code with Enter); Shift+Enter adds a line.
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
            error={error || undefined}
            autoComplete="off"
          />
          <Group mt="sm" gap="sm">
            <Button type="submit" loading={busy}>
              Look up
            </Button>
            <BarcodeScanner onCode={(code) => void lookUp([code])} />
            {rows.length > 0 && (
              <Button variant="subtle" onClick={() => setRows([])}>
                Clear results
              </Button>
            )}
          </Group>
        </form>
      </Paper>
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table withTableBorder bg="white" verticalSpacing="xs">
            <Table.Caption>
              {rows.length} {rows.length === 1 ? 'code' : 'codes'}, {rows.filter((r) => r.item).length} found
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th ta="right">West</Table.Th>
                <Table.Th ta="right">East</Table.Th>
                <Table.Th>Add to cart</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <ResultRow key={r.key} row={r} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Container>
  );
}

function ResultRow({ row }: { row: Row }) {
  const add = useCartMutation(addItem);
  const [qty, setQty] = useState(String(row.item?.caseQty || 1));
  const [problem, setProblem] = useState('');
  const item = row.item;
  return (
    <Table.Tr data-testid={`upc-row-${row.upc}`}>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {row.upc}
        </Text>
      </Table.Td>
      {item ? (
        <>
          <Table.Td>
            <Group gap="sm" wrap="nowrap">
              <Image src={item.picture} alt="" w={40} h={40} fit="contain" />
              <div>
                <Anchor component={Link} to={`/productdetail?itemNum=${encodeURIComponent(item.num)}`} size="sm" fw={600}>
                  {item.web_Title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  #{item.num}
                </Text>
              </div>
            </Group>
          </Table.Td>
          <Table.Td ta="right">{item.price !== undefined ? money(item.price) : '—'}</Table.Td>
          <Table.Td ta="right">{item.availableWest}</Table.Td>
          <Table.Td ta="right">{item.availableEast}</Table.Td>
          <Table.Td>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                if (!/^\d{1,4}$/.test(qty.trim()) || Number(qty) < 1) return setProblem('Please enter a valid quantity');
                add.mutate(
                  { invNum: item.num, qty: Number(qty) },
                  { onSuccess: () => notify('green', CART_TEXTS.success.itemAdded), onError: (err) => setProblem(reasonOr(err, CART_TEXTS.addFailed, CART_TEXTS.screen.addToCart)) },
                );
              }}
            >
              <Group gap={6} wrap="nowrap" align="flex-start">
                <TextInput
                  aria-label={`Quantity of ${item.num}`}
                  size="xs"
                  w={70}
                  inputMode="numeric"
                  value={qty}
                  error={problem || undefined}
                  onChange={(e) => {
                    setQty(e.currentTarget.value);
                    setProblem('');
                  }}
                />
                <Button type="submit" size="xs" loading={add.isPending} aria-label={`Add ${item.num} to cart`}>
                  Add
                </Button>
              </Group>
            </form>
          </Table.Td>
        </>
      ) : (
        <Table.Td colSpan={5}>
          <Badge color="red" variant="light" size="lg" tt="none">
            {row.reason}
          </Badge>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
