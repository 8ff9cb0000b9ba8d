import { Group, Select, type SelectProps, Text } from '@mantine/core';
import { COUNTRIES } from './countries';

const data = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));
const flags = new Map(COUNTRIES.map((c) => [c.code, c.flag]));

/** The searchable country list with flags, United States first (spec §5). */
export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  const flag = flags.get(String(props.value ?? ''));
  return (
    <Select
      label="Country"
      searchable
      nothingFoundMessage="No country found"
      data={data}
      leftSection={flag ? <span aria-hidden="true">{flag}</span> : undefined}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <span aria-hidden="true">{flags.get(option.value)}</span>
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
      {...props}
    />
  );
}
