import { Alert, Anchor, Button, Checkbox, Container, Group, Image, Loader, Paper, Table, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { addItemsLineSchema } from '../../../contract/cart';
import { type SpeedList, speedListName } from '../../../contract/speed-lists';
import errorClasses from '../../components/form-errors.module.css';
import { HeadedTable } from '../../components/headed-table';
import { money } from '../../components/money';
import { notify } from '../../components/notify';
import { ApiError } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';
import { useAddListToCart, useDeleteList, useRenameList, useSaveLines, useSpeedList } from './api';

interface DraftLine {
  invNum: string;
  qty: string;
}

/** Every reason the server gave (one per refused line), or its message. */
const reasons = (err: Error): string[] => (err instanceof ApiError && err.errors.length > 0 ? err.errors : [err.message]);

const toDraft = (list: SpeedList): DraftLine[] => list.lines.map((l) => ({ invNum: l.invNum, qty: String(l.qty) }));

/** The first reason of each refused line, by position. */
function lineErrors(lines: DraftLine[]): (string | undefined)[] {
  return lines.map((l) => {
    const r = addItemsLineSchema.safeParse({ invNum: l.invNum, qty: /^\d+$/.test(l.qty.trim()) ? Number(l.qty) : NaN });
    return r.success ? undefined : r.error.issues[0]?.message;
  });
}

/** One Speed List: rename or delete it, edit quantities, add an item, and add all or the ticked lines to the cart. */
export default function SpeedListPage() {
  const id = Number(useParams().id) || 0;
  const list = useSpeedList(id);
  usePageMeta(list.data ? `Speed List ${list.data.name}` : 'Speed List', 'One of your saved order lists.');
  return (
    <Container size="lg" py="lg">
      <Anchor component={Link} to="/speedlists" size="sm">
        ← All speed lists
      </Anchor>
      {list.isPending ? (
        <Loader size="sm" mt="md" aria-label="Loading the list" />
      ) : list.isError ? (
        <Alert color="red" title="Error" mt="md">
          {list.error.message}
        </Alert>
      ) : (
        <ListEditor key={list.data.id} list={list.data} />
      )}
    </Container>
  );
}

function ListEditor({ list }: { list: SpeedList }) {
  const navigate = useNavigate();
  const rename = useRenameList(list.id);
  const remove = useDeleteList();
  const save = useSaveLines(list.id);
  const addToCart = useAddListToCart(list.id);
  const [name, setName] = useState(list.name);
  const [nameError, setNameError] = useState<string>();
  const [draft, setDraft] = useState<DraftLine[]>(() => toDraft(list));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [newLine, setNewLine] = useState<DraftLine>({ invNum: '', qty: '1' });
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  // A saved list from the server replaces the draft (React's "adjust state on a prop change").
  const [shown, setShown] = useState(list);
  if (shown !== list) {
    setShown(list);
    setDraft(toDraft(list));
  }

  const items = useMemo(() => new Map(list.lines.map((l) => [l.invNum, l.item])), [list]);
  const errors = lineErrors(draft);
  const changed = JSON.stringify(draft) !== JSON.stringify(toDraft(list));

  const saveLines = (lines: DraftLine[], done?: () => void) => {
    if (lineErrors(lines).some(Boolean)) return;
    save.mutate(
      lines.map((l) => ({ invNum: l.invNum.trim(), qty: Number(l.qty) })),
      {
        onSuccess: () => {
          setServerErrors([]);
          notify('green', 'Speed list saved');
          done?.();
        },
        onError: (err) => setServerErrors(reasons(err)),
      },
    );
  };

  const addLine = (e: React.FormEvent) => {
    e.preventDefault();
    const invNum = newLine.invNum.trim();
    const existing = draft.find((l) => l.invNum === invNum);
    const next = existing
      ? draft.map((l) => (l === existing ? { ...l, qty: String(Number(l.qty) + Number(newLine.qty)) } : l))
      : [...draft, { invNum, qty: newLine.qty.trim() }];
    const problem = lineErrors([{ invNum, qty: newLine.qty }])[0];
    if (problem) {
      setServerErrors([problem]);
      return;
    }
    saveLines(next, () => setNewLine({ invNum: '', qty: '1' }));
  };

  const addToCartNow = (invNums?: string[]) =>
    addToCart.mutate(invNums, {
      onSuccess: () => {
        notify('green', invNums ? `${invNums.length} ${invNums.length === 1 ? 'line' : 'lines'} added to your cart` : `"${list.name}" added to your cart`);
        setSelected(new Set());
      },
      onError: (err) => setServerErrors(reasons(err)),
    });

  const allTicked = draft.length > 0 && selected.size === draft.length;

  return (
    <>
      <form
        noValidate
        aria-label="Rename list"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = speedListName.safeParse(name);
          if (!parsed.success) return setNameError(parsed.error.issues[0]?.message);
          rename.mutate(parsed.data, { onSuccess: () => notify('green', 'List renamed'), onError: (err) => setNameError(err.message) });
        }}
      >
        <Title order={1} size="h2" mt="md" mb="sm">
          {list.name}
        </Title>
        <Group align="flex-end" gap="sm" mb="lg">
          <TextInput
            label="List name"
            name="listName"
            value={name}
            maxLength={60}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setNameError(undefined);
            }}
            error={nameError}
            classNames={errorClasses}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button type="submit" variant="light" loading={rename.isPending} disabled={name.trim() === list.name}>
            Rename
          </Button>
          <Button
            type="button"
            color="red.9"
            variant="outline"
            loading={remove.isPending}
            onClick={() => {
              if (!window.confirm(`Delete the list "${list.name}"?`)) return;
              remove.mutate(list.id, {
                onSuccess: () => {
                  notify('green', 'List deleted');
                  void navigate('/speedlists');
                },
              });
            }}
          >
            Delete list
          </Button>
        </Group>
      </form>

      {serverErrors.length > 0 && (
        <Alert color="red" title="Not saved" mb="md" role="alert">
          {serverErrors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </Alert>
      )}

      <Group justify="space-between" mb="sm">
        <Text c="dimmed">
          {list.numberOfLines} {list.numberOfLines === 1 ? 'line' : 'lines'}, {list.totalQuantity} units
        </Text>
        <Group gap="sm">
          <Button variant="light" disabled={selected.size === 0 || changed} loading={addToCart.isPending} onClick={() => addToCartNow([...selected])}>
            Add selected to cart ({selected.size})
          </Button>
          <Button disabled={draft.length === 0 || changed} loading={addToCart.isPending} onClick={() => addToCartNow()}>
            Add whole list to cart
          </Button>
        </Group>
      </Group>

      {draft.length > 0 && (
        <HeadedTable
          minWidth={720}
          withTableBorder
          bg="white"
          verticalSpacing="xs"
          columns={[
            {
              w: 40,
              label: (
                <Checkbox
                  aria-label="Select all lines"
                  checked={allTicked}
                  indeterminate={selected.size > 0 && !allTicked}
                  onChange={() => setSelected(allTicked ? new Set() : new Set(draft.map((l) => l.invNum)))}
                />
              ),
            },
            'Item',
            { label: 'Price', ta: 'right' },
            { label: 'West', ta: 'right' },
            { label: 'East', ta: 'right' },
            { label: 'Qty', w: 110 },
            { label: 'Remove', visuallyHidden: true, w: 90 },
          ]}
        >
          {draft.map((l, i) => {
            const item = items.get(l.invNum);
            return (
              <Table.Tr key={l.invNum} data-testid={`list-line-${l.invNum}`}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${l.invNum}`}
                    checked={selected.has(l.invNum)}
                    onChange={() =>
                      setSelected((s) => {
                        const next = new Set(s);
                        if (next.has(l.invNum)) next.delete(l.invNum);
                        else next.add(l.invNum);
                        return next;
                      })
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    {item ? <Image src={item.picture} alt="" w={40} h={40} fit="contain" /> : null}
                    <div>
                      <Text size="sm" fw={600}>
                        {item ? (
                          <Anchor component={Link} to={`/productdetail?itemNum=${encodeURIComponent(l.invNum)}`}>
                            {item.web_Title}
                          </Anchor>
                        ) : (
                          'No longer sold'
                        )}
                      </Text>
                      <Text size="xs" c="dimmed">
                        #{l.invNum}
                      </Text>
                    </div>
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{item?.price !== undefined ? money(item.price) : '—'}</Table.Td>
                <Table.Td ta="right">{item ? item.availableWest : '—'}</Table.Td>
                <Table.Td ta="right">{item ? item.availableEast : '—'}</Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Quantity of ${l.invNum}`}
                    inputMode="numeric"
                    size="xs"
                    value={l.qty}
                    error={errors[i]}
                    classNames={errorClasses}
                    onChange={(e) => {
                      const qty = e.currentTarget.value;
                      setDraft((d) => d.map((x, j) => (j === i ? { ...x, qty } : x)));
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <Button size="xs" variant="default" aria-label={`Remove ${l.invNum} from the list`} onClick={() => saveLines(draft.filter((_, j) => j !== i))}>
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </HeadedTable>
      )}
      {changed && (
        <Group mt="sm" gap="sm">
          <Button onClick={() => saveLines(draft)} loading={save.isPending} disabled={errors.some(Boolean)}>
            Save quantities
          </Button>
          <Button variant="subtle" onClick={() => setDraft(toDraft(list))}>
            Undo changes
          </Button>
        </Group>
      )}

      <Paper withBorder p="md" radius="md" mt="lg">
        <form onSubmit={addLine} noValidate aria-label="Add an item to the list">
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Catalog #"
              name="invNum"
              autoComplete="off"
              value={newLine.invNum}
              onChange={(e) => setNewLine((n) => ({ ...n, invNum: e.currentTarget.value }))}
            />
            <TextInput label="Qty" name="qty" inputMode="numeric" w={80} value={newLine.qty} onChange={(e) => setNewLine((n) => ({ ...n, qty: e.currentTarget.value }))} />
            <Button type="submit" variant="light" loading={save.isPending}>
              Add to list
            </Button>
          </Group>
        </form>
      </Paper>
    </>
  );
}
