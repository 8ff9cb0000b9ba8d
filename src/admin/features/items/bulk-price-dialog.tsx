import { Button, Checkbox, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { bulkPriceBody, ITEMS_ADMIN, type BulkPriceBody, type BulkPriceResult } from '../../../contract/admin/items';
import { money } from '../../../web/components/money';
import { notify } from '../../../web/components/notify';
import { CallError, FormProblems } from '../../components/form-problems';
import { useBulkPrice } from './api';
import { categoryGroups } from './items-filters';
import type { CategoryOptions } from './use-category-options';

interface BulkPriceDialogProps {
  nums: string[];
  categories: CategoryOptions | undefined;
  onDone: () => void;
  onClose: () => void;
}

/**
 * Prices moved by a percent, for the selection or a whole category: first a preview of old → new
 * (a dry run that writes nothing), then Apply sends exactly that body. Changing anything drops
 * the preview, so what is applied is always what was shown.
 */
export function BulkPriceDialog({ nums, categories, onDone, onClose }: BulkPriceDialogProps) {
  const [scope, setScope] = useState<'selection' | 'category'>(nums.length > 0 ? 'selection' : 'category');
  const [category, setCategory] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | string>('');
  const [srp, setSrp] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [preview, setPreview] = useState<{ body: BulkPriceBody; result: BulkPriceResult } | null>(null);
  const call = useBulkPrice();
  const changed = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPreview(null);
  };

  const runPreview = () => {
    const parsed = bulkPriceBody.safeParse({
      ...(scope === 'selection' ? { nums } : category ? { category: Number(category) } : {}),
      percent: typeof percent === 'number' ? percent : Number.NaN,
      srp,
    });
    if (!parsed.success) return setProblems(parsed.error.issues.map((i) => (i.path[0] === 'percent' ? `Percent: ${i.message}` : i.message)));
    setProblems([]);
    call.mutate({ body: parsed.data, dryRun: true }, { onSuccess: (result) => setPreview({ body: parsed.data, result }) });
  };
  const apply = () => {
    if (!preview) return;
    call.mutate(
      { body: preview.body, dryRun: false },
      {
        onSuccess: (r) => {
          notify('green', `Changed the prices of ${r.changed} item${r.changed === 1 ? '' : 's'}`);
          onDone();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Change prices by percent" size="xl">
      <Stack>
        <SegmentedControl
          value={scope}
          onChange={changed((v: string) => setScope(v as 'selection' | 'category'))}
          data={[
            { value: 'selection', label: `Selected items (${nums.length})`, disabled: nums.length === 0 },
            { value: 'category', label: 'A whole category' },
          ]}
        />
        {scope === 'category' && (
          <Select label="Category (with the categories below it)" searchable data={categoryGroups(categories)} value={category} onChange={changed(setCategory)} />
        )}
        <Group align="flex-end">
          <NumberInput
            label="Percent"
            description={`${ITEMS_ADMIN.minPercent} to +${ITEMS_ADMIN.maxPercent}; −10 lowers by a tenth`}
            decimalScale={2}
            min={ITEMS_ADMIN.minPercent}
            max={ITEMS_ADMIN.maxPercent}
            value={percent}
            onChange={changed(setPercent)}
            suffix=" %"
            w={220}
          />
          <Checkbox label="Move the SRP too" checked={srp} onChange={(e) => changed(setSrp)(e.currentTarget.checked)} />
        </Group>
        <FormProblems problems={problems} />
        <CallError error={call.error} />
        {preview && <PricePreview result={preview.result} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={preview ? 'default' : 'filled'} onClick={runPreview} loading={call.isPending && !preview}>
            Preview
          </Button>
          <Button onClick={apply} disabled={!preview || preview.result.changed === 0} loading={call.isPending && preview !== null}>
            Apply to {preview?.result.changed ?? 0} item{preview?.result.changed === 1 ? '' : 's'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function PricePreview({ result }: { result: BulkPriceResult }) {
  return (
    <Stack gap="xs">
      <Text size="sm" aria-live="polite">
        {result.changed} change{result.changed === 1 ? '' : 's'}, {result.unchanged} unchanged
        {result.refused.length > 0 && `, ${result.refused.length} left as they are`}
        {result.missing.length > 0 && `, not found: ${result.missing.join(', ')}`}
        {result.changed > result.rows.length && ` (the first ${result.rows.length} shown)`}
      </Text>
      <Table.ScrollContainer minWidth={520} mah={320}>
        <Table striped withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Title</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th ta="right">SRP</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.rows.map((r) => (
              <Table.Tr key={r.num}>
                <Table.Td>{r.num}</Table.Td>
                <Table.Td>{r.web_Title}</Table.Td>
                <Table.Td ta="right">
                  {money(r.oldPrice)} → {money(r.newPrice)}
                </Table.Td>
                <Table.Td ta="right">{r.oldSrp === r.newSrp ? money(r.oldSrp) : `${money(r.oldSrp)} → ${money(r.newSrp)}`}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {result.refused.length > 0 && (
        <Text size="sm" component="ul" m={0}>
          {result.refused.map((r) => (
            <li key={r.num}>
              {r.num}: {r.message}
            </li>
          ))}
        </Text>
      )}
    </Stack>
  );
}
