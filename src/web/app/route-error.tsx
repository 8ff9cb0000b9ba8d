import { Button, Container } from '@mantine/core';
import { useRouteError } from 'react-router';

/**
 * Last resort when a page fails to load (for example a stale code chunk after a deploy). Built
 * from what the entry chunk already has, since a failed chunk load is what brings it up.
 */
export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'An error occurred';
  return (
    <Container size="sm" py={80}>
      <div role="alert" className="route-error">
        <h1 className="route-error-title">Something went wrong</h1>
        {message}
        <div>
          <Button mt="md" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        </div>
      </div>
    </Container>
  );
}
