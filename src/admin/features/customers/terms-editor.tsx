import { Button, Group, NumberInput, SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import type { AdminCustomer } from '../../../contract/admin/customers';
import { MONEY, termsSchema, moneyAmount } from '../../../contract/money';
import { notify } from '../../../web/components/notify';
import { CallError, FormProblems } from '../../components/form-problems';
import { useSetTerms } from './money-api';

/** Terms (prepaid or net N) and the credit limit: for staff with money:write. */
export function TermsEditor({ customer }: { customer: AdminCustomer }) {
  const a = customer.account;
  const [kind, setKind] = useState(a.terms.kind);
  const [days, setDays] = useState<number | string>(a.terms.days);
  const [limit, setLimit] = useState<number | string>(a.terms.kind === 'prepaid' ? 0 : a.creditLimit);
  const [problems, setProblems] = useState<string[]>([]);
  const save = useSetTerms(customer);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const terms = termsSchema.safeParse(kind === 'prepaid' ? { kind } : { kind, days: typeof days === 'number' ? days : Number.NaN });
    const creditLimit = moneyAmount.safeParse(typeof limit === 'number' ? limit : Number.NaN);
    const found = [...(terms.success ? [] : terms.error.issues.map((i) => i.message)), ...(creditLimit.success ? [] : creditLimit.error.issues.map((i) => `Credit limit: ${i.message}`))];
    setProblems(found);
    if (terms.success && creditLimit.success) save.mutate({ terms: terms.data, creditLimit: creditLimit.data }, { onSuccess: () => notify('green', 'Terms saved') });
  };
  return (
    <form onSubmit={submit} aria-label="Terms and credit limit">
      <Stack gap="xs">
        <Group align="flex-end" gap="sm">
          <SegmentedControl aria-label="Terms" value={kind} onChange={(v) => setKind(v as typeof kind)} data={[{ value: 'net', label: 'Net' }, { value: 'prepaid', label: 'Prepaid' }]} />
          {kind === 'net' && <NumberInput label="Days" w={90} min={1} max={MONEY.maxTermsDays} allowDecimal={false} value={days} onChange={setDays} />}
          <NumberInput label="Credit limit ($)" w={160} min={0} max={MONEY.maxAmount} decimalScale={2} thousandSeparator="," value={limit} onChange={setLimit} disabled={kind === 'prepaid'} />
          <Button type="submit" variant="default" loading={save.isPending}>
            Save terms
          </Button>
        </Group>
        <FormProblems problems={problems} />
        <CallError error={save.error} />
      </Stack>
    </form>
  );
}
