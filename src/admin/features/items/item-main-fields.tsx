import { Checkbox, Fieldset, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ITEM_STATUSES } from '../../../contract/admin/items';
import type { ItemFormValues } from './item-form-values';
import { STATUS_LABELS } from './item-texts';
import { ProductInfoField } from './product-info-field';

export type ItemForm = UseFormReturnType<ItemFormValues>;

/** The item's words, prices and packaging: the storefront's own fields. */
export function ItemMainFields({ form, isNew, suggestedNum }: { form: ItemForm; isNew: boolean; suggestedNum?: string | undefined }) {
  const text = (name: keyof ItemFormValues) => form.getInputProps(name);
  return (
    <>
      <Fieldset legend="Item">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {isNew && (
            <TextInput
              label="Item number"
              description={suggestedNum ? `Next free number in the category: ${suggestedNum}` : 'Choose the category below for its next free number'}
              inputMode="numeric"
              maxLength={12}
              {...text('num')}
            />
          )}
          <TextInput label="Title" required maxLength={200} {...text('web_Title')} />
          <TextInput label="Code" maxLength={40} {...text('code')} />
          <Select label="Status" data={ITEM_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))} allowDeselect={false} {...text('status')} />
          <TextInput label="SEO title" maxLength={200} {...text('seO_Title')} />
          <TextInput label="Key words" description="Words buyers search for" maxLength={1000} {...text('key_Words')} />
        </SimpleGrid>
        <ProductInfoField form={form} />
        <Checkbox label="New (shown with the New badge)" mt="sm" {...form.getInputProps('new', { type: 'checkbox' })} />
      </Fieldset>
      <Fieldset legend="Price and packaging">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput label="Price ($)" required min={0} decimalScale={2} fixedDecimalScale {...text('price')} />
          <NumberInput label="SRP ($)" description="Not below the price" required min={0} decimalScale={2} fixedDecimalScale {...text('srp')} />
          <TextInput label="UPC" description="12 digits with its check digit" inputMode="numeric" maxLength={12} {...text('upc')} />
          <TextInput label="Packaged" placeholder="100 ct bag" maxLength={100} {...text('packaged')} />
          <NumberInput label="Case quantity" required min={1} allowDecimal={false} {...text('caseQty')} />
          <NumberInput label="Order multiple" description="Sold only in multiples of this; 1 for any quantity" required min={1} allowDecimal={false} {...text('orderMultiple')} />
          <TextInput label="Dimensions" maxLength={100} {...text('dimensions')} />
          <TextInput label="Colour family" maxLength={60} {...text('color_Family')} />
          <TextInput label="Colour group" description="Items of one product in other colours share it" maxLength={60} {...text('colorGroup')} />
          <TextInput label="Brand" maxLength={100} {...text('brand')} />
        </SimpleGrid>
      </Fieldset>
    </>
  );
}
