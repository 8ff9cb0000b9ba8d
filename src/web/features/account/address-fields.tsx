import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Customer, ShipTo } from '../../../contract/accounts';
import { CountrySelect } from './country-select';

/** The fields of the billing, shipping and add-address forms (spec §5). */
export type AddressValues = {
  orgName: string;
  firstName: string;
  lastName: string;
  country: string;
  addressLine1: string;
  city: string;
  state: string;
  zip: string;
  dayPhone: string;
  web: string;
};

export function addressValues(a?: Customer | ShipTo | null): AddressValues {
  return {
    orgName: a?.orgName ?? '',
    firstName: a?.firstName ?? '',
    lastName: a?.lastName ?? '',
    country: a?.country || 'US',
    addressLine1: a?.addressLine1 ?? '',
    city: a?.city ?? '',
    state: a?.state ?? '',
    zip: a?.zip ?? '',
    dayPhone: a?.dayPhone ?? '',
    web: a && 'web' in a ? a.web : '',
  };
}

export function AddressFields({ form, withWeb = false }: { form: Pick<UseFormReturnType<AddressValues>, 'getInputProps'>; withWeb?: boolean }) {
  return (
    <Stack gap="sm">
      <TextInput label="Company name" autoComplete="organization" {...form.getInputProps('orgName')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('firstName')} />
        <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('lastName')} />
      </SimpleGrid>
      <CountrySelect withAsterisk {...form.getInputProps('country')} />
      <TextInput label="Address" autoComplete="street-address" withAsterisk {...form.getInputProps('addressLine1')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="City" autoComplete="address-level2" withAsterisk {...form.getInputProps('city')} />
        <TextInput label="State" autoComplete="address-level1" withAsterisk {...form.getInputProps('state')} />
        <TextInput label="Zip code" autoComplete="postal-code" withAsterisk {...form.getInputProps('zip')} />
      </SimpleGrid>
      <TextInput label="Day phone" type="tel" autoComplete="tel" withAsterisk {...form.getInputProps('dayPhone')} />
      {withWeb && <TextInput label="Web site" type="url" autoComplete="url" placeholder="https://" {...form.getInputProps('web')} />}
    </Stack>
  );
}
