import { TextInput } from '@mantine/core';
import { useState } from 'react';
import type { WarehouseCode } from '../../../contract/admin/staff-session';
import { stockBinBody, type ItemStock } from '../../../contract/admin/stock';
import { notify } from '../../../web/components/notify';
import { FormDialog } from '../../components/form-dialog';
import { useSetBin } from './api';

const LABEL: Record<WarehouseCode, string> = { west: 'West', east: 'East' };

/** PUT /Stock/{invNum}/Bin: where the item sits at one warehouse; an empty bin clears it. */
export function BinDialog({ item, warehouse, onClose }: { item: ItemStock; warehouse: WarehouseCode; onClose: () => void }) {
  const setBin = useSetBin(item.invNum);
  const [bin, setBinText] = useState(item.bins[warehouse]);
  const [problems, setProblems] = useState<string[]>([]);
  const submit = () => {
    const parsed = stockBinBody.safeParse({ warehouse, bin });
    setProblems(parsed.success ? [] : parsed.error.issues.map((i) => i.message));
    if (!parsed.success) return;
    setBin.mutate(parsed.data, {
      onSuccess: (r) => {
        notify('green', r.bin ? `${r.invNum} is in bin ${r.bin} at ${LABEL[r.warehouse]}` : `${r.invNum} has no bin at ${LABEL[r.warehouse]} now`);
        onClose();
      },
    });
  };
  return (
    <FormDialog title={`Bin of ${item.invNum} at ${LABEL[warehouse]}`} onSubmit={submit} problems={problems} error={setBin.error} pending={setBin.isPending} submitLabel="Save bin" onClose={onClose}>
      <TextInput
        label="Bin"
        description="The shelf location, such as A-03-2. Leave it empty to clear it."
        value={bin}
        maxLength={20}
        autoComplete="off"
        autoCapitalize="characters"
        onChange={(e) => setBinText(e.currentTarget.value)}
        data-autofocus
      />
    </FormDialog>
  );
}
