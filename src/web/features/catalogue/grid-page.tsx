import { Alert, Anchor, Button, Container, Group, List, Loader, NativeSelect, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { addItems, setCart } from '../../components/cart-data';
import { money } from '../../components/money';
import { notify } from '../../components/notify';
import { ApiError } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';
import { useSession } from '../../lib/session';
import { useGrid } from './api';
import { CategoryBreadcrumb } from './breadcrumb';
import { linesToAdd, nameRefusedLines, type Quantities, totalsOf } from './grid-state';
import { GridList, GridTable } from './grid-views';
import classes from './grid.module.css';

/**
 * Rows drawn per task: the whole demo grid (60-odd colours × 7 sizes) at once blocks a slow phone
 * for most of a second; two rows a task stay under the 50 ms of a long task there.
 */
const ROWS_PER_TASK = 2;

/** /order-grid/{categoryNum}?group=: a colour × size grid of quantities, added to the cart in one call (decision 0043). */
export default function GridPage() {
  const num = Number(useParams().categoryNum);
  const valid = Number.isInteger(num) && num > 0;
  const [params, setParams] = useSearchParams();
  const group = params.get('group') ?? '';
  const session = useSession();
  const grid = useGrid(valid ? num : null, group, session.customer?.email ?? session.status);
  const phone = useMediaQuery('(max-width: 600px)', false, { getInitialValueInEffect: false });
  const queryClient = useQueryClient();
  const [qtys, setQtys] = useState<Quantities>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const data = grid.data;
  const [rowsShown, setRowsShown] = useState(ROWS_PER_TASK);
  const rowCount = data?.rows.length ?? 0;
  useEffect(() => {
    if (rowsShown >= rowCount) return;
    const timer = setTimeout(() => setRowsShown((n) => n + ROWS_PER_TASK), 0);
    return () => clearTimeout(timer);
  }, [rowsShown, rowCount]);
  const totals = useMemo(() => (data ? totalsOf(data, qtys) : null), [data, qtys]);
  usePageMeta(data ? `Order ${data.description} by colour and size` : 'Order by colour and size', 'Order latex balloons by colour and size in one grid.');

  const setQty = useCallback((invNum: string, text: string) => {
    setQtys((q) => ({ ...q, [invNum]: text }));
    // An old refusal no longer describes what is typed.
    setProblems((p) => (p.length === 0 ? p : []));
  }, []);
  if (!valid) return <Navigate to="/categories" replace />;
  const addAll = async () => {
    if (!data) return;
    const { lines, bad, cells } = linesToAdd(data, qtys);
    if (bad.length > 0) return setProblems(bad);
    if (lines.length === 0) return setProblems(['Enter a quantity in at least one cell']);
    setBusy(true);
    setProblems([]);
    try {
      const cart = await addItems(lines);
      setCart(queryClient, cart);
      setQtys({});
      notify('green', `${lines.length} ${lines.length === 1 ? 'line' : 'lines'} added to your cart`);
    } catch (err) {
      const refused = err instanceof ApiError && err.errors.length > 0 ? nameRefusedLines(data, cells, err.errors) : [];
      setProblems([err instanceof ApiError ? (err.serverMessage ?? err.message) : String(err), ...refused]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container size="xl" py="lg">
      <CategoryBreadcrumb categoryNum={num} linkLast />
      {/* The heading does not wait for the grid: it is the page's largest paint. */}
      <Title order={1} mb="xs">
        Order by colour and size
      </Title>
      <Text fw={600} mb={4} mih={24}>
        {data?.description ?? ''}
      </Text>
      <Text c="dimmed" size="sm" mb="md">
        Type a quantity, then use the arrow keys (or Enter) to move to the next cell. Out-of-stock items can still be ordered: they ship when back in stock.
      </Text>
      {grid.isPending && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text>Loading the grid...</Text>
        </Group>
      )}
      {grid.error && (
        <Alert color="red" title="No order grid">
          {grid.error instanceof ApiError ? (grid.error.serverMessage ?? grid.error.message) : grid.error.message}{' '}
          <Anchor component={Link} to={`/products?categoryNum=${num}`}>
            See the items as a list
          </Anchor>
        </Alert>
      )}
      {data && totals && (
        <>
          <NativeSelect
            label="Colour family"
            mb="md"
            maw={260}
            value={group}
            data={[{ value: '', label: 'All colours' }, ...data.groups.map((g) => ({ value: g, label: g }))]}
            onChange={(e) => setParams(e.currentTarget.value ? { group: e.currentTarget.value } : {}, { replace: true })}
          />
          {phone ? <GridList grid={data} rowsShown={rowsShown} qtys={qtys} setQty={setQty} rowTotals={totals.rows} total={totals.grid} /> : <GridTable grid={data} rowsShown={rowsShown} qtys={qtys} setQty={setQty} rowTotals={totals.rows} total={totals.grid} />}
          <div className={classes.bar}>
            {problems.length > 0 && (
              <Alert color="red" mb="sm" role="alert" title="Nothing was added">
                <List size="sm">
                  {problems.map((p) => (
                    <List.Item key={p}>{p}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text fw={700} aria-live="polite" data-testid="grid-total">
                {`Total: ${totals.grid.units} ${totals.grid.units === 1 ? 'unit' : 'units'}${totals.grid.amount !== null && data.cells.some((c) => c.price !== undefined) ? `, ${money(totals.grid.amount)}` : ''}`}
              </Text>
              {session.status === 'signedIn' ? (
                <Button onClick={() => void addAll()} loading={busy}>
                  Add all to cart
                </Button>
              ) : (
                <Button component={Link} to="/signin" state={{ from: `/order-grid/${num}${group ? `?group=${encodeURIComponent(group)}` : ''}` }} variant="light">
                  Sign in to order
                </Button>
              )}
            </Group>
          </div>
        </>
      )}
    </Container>
  );
}
