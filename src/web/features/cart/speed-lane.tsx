import { Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { VALIDATION } from '../../../contract/messages';
import { CART_TEXTS, reasonOr } from '../../components/cart-texts';
import errorClasses from '../../components/form-errors.module.css';
import { useAddItem } from './api';
import { notify } from '../../components/notify';

const V = VALIDATION.cart;

/** The Speed Lane's checks (spec §5 Cart): a catalogue number, numeric, and a quantity of at least 1. */
export function checkSpeedLane(num: string, qty: string): { num?: string; qty?: string } {
  const n = num.trim();
  const q = qty.trim();
  const errors: { num?: string; qty?: string } = {};
  if (!n) errors.num = V.catalogNumberRequired;
  else if (!/^\d+$/.test(n)) errors.num = V.catalogNumberInvalid;
  if (!/^\d+$/.test(q) || Number(q) < 1) errors.qty = V.quantityInvalid;
  return errors;
}

/**
 * Order by catalogue number plus quantity. Enter adds the line from either field, and the
 * focus goes back to the number field, so a buyer can type a whole order without the mouse.
 */
export function SpeedLane() {
  const add = useAddItem();
  const numRef = useRef<HTMLInputElement>(null);
  const [num, setNum] = useState('');
  const [qty, setQty] = useState('1');
  const [errors, setErrors] = useState<{ num?: string; qty?: string }>({});
  const [last, setLast] = useState('');

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = checkSpeedLane(num, qty);
    setErrors(found);
    if (found.num || found.qty) {
      (found.num ? numRef.current : (e.currentTarget as HTMLFormElement).querySelector<HTMLInputElement>('input[name="qty"]'))?.focus();
      return;
    }
    const line = { invNum: num.trim(), qty: Number(qty.trim()) };
    add.mutate(line, {
      onSuccess: () => {
        notify('green', CART_TEXTS.success.itemAdded);
        setLast(`Added ${line.qty} × ${line.invNum}`);
        setNum('');
        setQty('1');
        numRef.current?.focus();
      },
      onError: (err) => {
        setErrors({ num: reasonOr(err, CART_TEXTS.addFailed, CART_TEXTS.screen.addToCart) });
        numRef.current?.select();
      },
    });
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h5" mb={4}>
        Speed Lane
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Type a catalog number and quantity, press Enter, and type the next one.
      </Text>
      <form onSubmit={submit} noValidate aria-label="Speed Lane">
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            ref={numRef}
            name="invNum"
            label="Catalog #"
            inputMode="numeric"
            autoComplete="off"
            value={num}
            onChange={(e) => {
              setNum(e.currentTarget.value);
              if (errors.num) setErrors((x) => ({ ...x, num: undefined }));
            }}
            error={errors.num}
            classNames={errorClasses}
            style={{ flex: 1 }}
          />
          <TextInput
            name="qty"
            label="Qty"
            inputMode="numeric"
            autoComplete="off"
            value={qty}
            onChange={(e) => {
              setQty(e.currentTarget.value);
              if (errors.qty) setErrors((x) => ({ ...x, qty: undefined }));
            }}
            error={errors.qty}
            classNames={errorClasses}
            w={72}
          />
        </Group>
        <Button type="submit" mt="sm" fullWidth loading={add.isPending}>
          Add to cart
        </Button>
        <Text size="xs" c="dimmed" mt={6} role="status" aria-live="polite">
          {last}
        </Text>
      </form>
    </Paper>
  );
}
