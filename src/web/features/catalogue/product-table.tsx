import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ListItem } from '../../../contract/catalogue';
import { ItemLogo } from './item-logo';
import { detailLink } from './product-card';
import { ProductPicture } from '../../components/product-picture';

const yesNo = (v: boolean) => (
  <Text size="sm" c={v ? '#1b5e20' : '#495057'} fw={600}>
    {v ? 'Yes' : 'No'}
  </Text>
);

/** The list view (spec §2): picture, item number, logo, description, In Stock West / East. */
export function ProductTable({ items, categoryNum }: { items: ListItem[]; categoryNum: number | null }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="xs" bg="white" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Picture</Table.Th>
            <Table.Th>Item #</Table.Th>
            <Table.Th>Logo</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>In Stock West</Table.Th>
            <Table.Th>In Stock East</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.num}>
              <Table.Td w={72}>
                <Link to={detailLink(item, categoryNum)} aria-label={item.web_Title}>
                  <ProductPicture src={item.picture} alt="" size={56} loading="lazy" />
                </Link>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={detailLink(item, categoryNum)} size="sm">
                  {item.num}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <ItemLogo src={item.logo} height={20} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{item.web_Title}</Text>
              </Table.Td>
              <Table.Td>{yesNo(item.inStockFresno)}</Table.Td>
              <Table.Td>{yesNo(item.inStockFairhope)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
