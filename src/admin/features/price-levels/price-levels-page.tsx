import { Alert, Button, Group, Loader, NumberInput, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { PriceLevel } from '../../../contract/admin/pricing';
import { ACTIONS_COLUMN, HeadedTable } from '../../../web/components/headed-table';
import { notify } from '../../../web/components/notify';
import type { AdminApiError } from '../../lib/admin-api';
import { useCan } from '../../lib/session';
import { useAdminTitle } from '../../lib/title';
import { usePriceLevels, useSaveLevel } from './api';
import { NamedPricesSection } from './named-prices-section';

/** `/price-levels`: the levels, a form to create or edit one, and the chosen level's named prices. */
export default function PriceLevelsPage() {
  useAdminTitle('Price levels');
  const levels = usePriceLevels();
  const canWrite = useCan()('pricing:write');
  const [editing, setEditing] = useState<PriceLevel | 'new' | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const chosenLevel = levels.data?.find((l) => l.id === chosen) ?? null;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Price levels</Title>
        {canWrite && editing === null && <Button onClick={() => setEditing('new')}>New level</Button>}
      </Group>
      {editing !== null && <LevelForm key={editing === 'new' ? 'new' : `${editing.id}.${editing.version}`} level={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      {levels.isPending && <Loader aria-label="Loading price levels" />}
      {levels.isError && <Alert color="red">{levels.error.message}</Alert>}
      {levels.data && levels.data.length === 0 && <Text c="dimmed">No price levels yet: every customer pays list prices.</Text>}
      {levels.data && levels.data.length > 0 && (
        <HeadedTable striped highlightOnHover columns={['Name', 'Percent off list', 'Named prices', 'Customers', ACTIONS_COLUMN]}>
          {levels.data.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{l.name}</Table.Td>
              <Table.Td>{l.percentOff}%</Table.Td>
              <Table.Td>{l.namedPrices}</Table.Td>
              <Table.Td>{l.customers}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end">
                  <Button size="xs" variant="default" onClick={() => setChosen(l.id)} aria-label={`Prices of ${l.name}`}>
                    Prices
                  </Button>
                  {canWrite && (
                    <Button size="xs" variant="default" onClick={() => setEditing(l)} aria-label={`Edit ${l.name}`}>
                      Edit
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </HeadedTable>
      )}
      {chosenLevel && <NamedPricesSection key={chosenLevel.id} level={chosenLevel} canWrite={canWrite} />}
    </Stack>
  );
}

function LevelForm({ level, onDone }: { level: PriceLevel | null; onDone: () => void }) {
  const [name, setName] = useState(level?.name ?? '');
  const [percent, setPercent] = useState<number | string>(level?.percentOff ?? 0);
  const save = useSaveLevel(level);
  const fields = ((save.error as AdminApiError | null)?.body as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ name, percentOff: Number(percent) }, { onSuccess: (l) => (notify('green', `Saved ${l.name}`), onDone()) });
        }}
      >
        <Stack>
          <Title order={2} size="h4">
            {level ? `Edit ${level.name}` : 'New price level'}
          </Title>
          <Group align="flex-start">
            <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={fields.name} />
            <NumberInput label="Percent off list" required min={0} max={100} decimalScale={2} value={percent} onChange={setPercent} error={fields.percentOff} />
          </Group>
          {save.error && !fields.name && !fields.percentOff && <Alert color="red">{save.error.message}</Alert>}
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save level
            </Button>
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
