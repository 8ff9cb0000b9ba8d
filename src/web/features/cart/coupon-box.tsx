import { Badge, Button, CloseButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { type AppliedCoupon, CART } from '../../../contract/cart';
import { VALIDATION } from '../../../contract/messages';
import { CART_TEXTS, reasonOr } from '../../components/cart-texts';
import errorClasses from '../../components/form-errors.module.css';
import { useAddCoupon, useDeleteCoupon } from './api';
import { notify } from '../../components/notify';

/** Apply a Coupon, with a removable chip per applied coupon and the server's reason when refused (spec §2, §5, §8). */
export function CouponBox({ coupons }: { coupons: AppliedCoupon[] }) {
  const add = useAddCoupon();
  const remove = useDeleteCoupon();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const apply = (e: React.FormEvent) => {
    e.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setError(VALIDATION.cart.couponRequired);
      return;
    }
    add.mutate(trimmed, {
      onSuccess: () => {
        setCode('');
        setError(undefined);
        notify('green', CART_TEXTS.success.couponApplied);
      },
      onError: (err) => setError(reasonOr(err, CART_TEXTS.addCouponFailed, CART_TEXTS.screen.applyCoupon)),
    });
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h5" mb="xs">
        Apply a Coupon
      </Title>
      <form onSubmit={apply} noValidate aria-label="Apply a Coupon">
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label="Coupon code"
            value={code}
            maxLength={CART.couponCodeMax}
            autoComplete="off"
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            classNames={errorClasses}
            style={{ flex: 1 }}
          />
          <Button type="submit" mt={25} loading={add.isPending}>
            Apply
          </Button>
        </Group>
      </form>
      {coupons.length > 0 && (
        <Stack gap={6} mt="sm" aria-label="Applied coupons" role="list">
          {coupons.map((c) => (
            <div key={c.code} role="listitem">
              <Badge
                size="lg"
                radius="xl"
                variant="light"
                color={c.applies ? 'shop' : 'red'}
                c={c.applies ? 'shop.9' : 'red.9'}
                tt="none"
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={`Remove coupon ${c.code}`}
                    onClick={() =>
                      remove.mutate(c.code, {
                        onSuccess: () => notify('green', CART_TEXTS.success.couponRemoved),
                        onError: (e) => notify('red', reasonOr(e, CART_TEXTS.deleteCouponFailed, CART_TEXTS.screen.removeCoupon)),
                      })
                    }
                  />
                }
              >
                {c.code}
              </Badge>
              <Text size="xs" c={c.applies ? 'dimmed' : 'red.9'} mt={2}>
                {c.applies ? c.name : c.reason}
              </Text>
            </div>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
