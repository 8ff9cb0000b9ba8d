import { Alert, Anchor, Button, Container, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { speedListName } from '../../../contract/speed-lists';
import { useCart } from '../../components/cart-data';
import errorClasses from '../../components/form-errors.module.css';
import { notify } from '../../components/notify';
import { usePageMeta } from '../../lib/page-meta';
import { useCreateList, useSaveCartAsList, useSpeedLists } from './api';

const listDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** Speed Lists (the landing page's tile): the customer's saved order lists, a new list, or the cart saved as one. */
export default function SpeedListsPage() {
  usePageMeta('Speed Lists', 'Your saved order lists: reorder what you buy every week in one click.');
  const lists = useSpeedLists();
  const cart = useCart();
  const create = useCreateList();
  const fromCart = useSaveCartAsList();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const cartLines = cart.data?.items.length ?? 0;

  const submit = (which: 'empty' | 'cart') => {
    const parsed = speedListName.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    (which === 'cart' ? fromCart : create).mutate(parsed.data, {
      onSuccess: (list) => {
        notify('green', which === 'cart' ? `Your cart was saved as "${list.name}"` : `List "${list.name}" created`);
        setName('');
        void navigate(`/speedlists/${list.id}`);
      },
      onError: (err) => setError(err.message),
    });
  };

  return (
    <Container size="lg" py="lg">
      <Title order={1} size="h2" mb={4}>
        Speed Lists
      </Title>
      <Text c="dimmed" mb="lg">
        Save what you order again and again, then put a whole list (or some of its lines) in your cart in one click.
      </Text>
      <Paper withBorder p="md" radius="md" mb="lg">
        <form
          noValidate
          aria-label="New speed list"
          onSubmit={(e) => {
            e.preventDefault();
            submit('empty');
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label="New list name"
              name="listName"
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setError(undefined);
              }}
              error={error}
              classNames={errorClasses}
              maxLength={60}
              style={{ flex: 1, minWidth: 220 }}
            />
            <Button type="submit" loading={create.isPending}>
              Create empty list
            </Button>
            <Button type="button" variant="light" onClick={() => submit('cart')} loading={fromCart.isPending} disabled={cartLines === 0}>
              Save cart as list{cartLines > 0 ? ` (${cartLines} ${cartLines === 1 ? 'line' : 'lines'})` : ''}
            </Button>
          </Group>
        </form>
      </Paper>
      {lists.isPending ? (
        <Loader size="sm" aria-label="Loading your speed lists" />
      ) : lists.isError ? (
        <Alert color="red" title="Error">
          {lists.error.message}
        </Alert>
      ) : lists.data.length === 0 ? (
        <Paper withBorder p="xl" radius="md" ta="center">
          <Text>You have no speed lists yet. Name one above, or fill your cart and save it as a list.</Text>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover withTableBorder bg="white" verticalSpacing="sm">
            <Table.Caption>
              {lists.data.length} {lists.data.length === 1 ? 'list' : 'lists'}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>List</Table.Th>
                <Table.Th ta="right">Lines</Table.Th>
                <Table.Th ta="right">Units</Table.Th>
                <Table.Th>Changed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lists.data.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/speedlists/${l.id}`} fw={600}>
                      {l.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{l.numberOfLines}</Table.Td>
                  <Table.Td ta="right">{l.totalQuantity}</Table.Td>
                  <Table.Td>{listDate(l.updatedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Stack mt="lg" gap={4}>
        <Text size="sm">
          Looking for an item by its barcode? Try the{' '}
          <Anchor component={Link} to="/upclookup">
            UPC Lookup
          </Anchor>
          .
        </Text>
      </Stack>
    </Container>
  );
}
