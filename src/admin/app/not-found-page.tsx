import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAdminTitle } from '../lib/title';

export default function NotFoundPage() {
  useAdminTitle('Not found');
  return (
    <Stack>
      <Title order={1}>Page not found</Title>
      <Text>There is no back office page at this address.</Text>
      <Anchor component={Link} to="/">
        Go to the dashboard
      </Anchor>
    </Stack>
  );
}
