import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** An item number that opens the item's stock card. */
export function StockCardLink({ invNum }: { invNum: string }) {
  return (
    <Anchor component={Link} to={`/stock/${encodeURIComponent(invNum)}`}>
      {invNum}
    </Anchor>
  );
}
