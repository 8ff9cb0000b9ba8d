import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ITEM_STATUSES, type ItemStatus } from '../../../contract/admin/items';
import { notify } from '../../../web/components/notify';
import { CallError } from '../../components/form-problems';
import { useBulkStatus } from './api';
import { STATUS_LABELS } from './item-texts';

/** One status for the selected items: hidden and discontinued ones leave the storefront's listings. */
export function BulkStatusDialog({ nums, onDone, onClose }: { nums: string[]; onDone: () => void; onClose: () => void }) {
  const [status, setStatus] = useState<ItemStatus | null>(null);
  const bulk = useBulkStatus();
  const apply = () => {
    if (!status) return;
    bulk.mutate(
      { nums, status },
      {
        onSuccess: (r) => {
          notify('green', `${r.updated} item${r.updated === 1 ? '' : 's'} set to ${STATUS_LABELS[status]}${r.unchanged ? `, ${r.unchanged} already were` : ''}${r.missing.length ? `; not found: ${r.missing.join(', ')}` : ''}`);
          onDone();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Change the status of ${nums.length} item${nums.length === 1 ? '' : 's'}`}>
      <Stack>
        <Select
          label="New status"
          data={ITEM_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          value={status}
          onChange={(v) => setStatus(v as ItemStatus | null)}
          data-autofocus
        />
        <Text size="sm">Hidden and discontinued items leave the shop’s listings and search; their pages stay.</Text>
        <CallError error={bulk.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={apply} disabled={!status} loading={bulk.isPending}>
            Change status
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
