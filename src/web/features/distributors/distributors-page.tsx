import { Alert, Anchor, Badge, Button, Card, Container, Group, Loader, NativeSelect, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DISTRIBUTOR_SEARCH } from '../../../contract/content';
import { isHttpUrl } from '../../../contract/text';
import { usePageMeta } from '../../lib/page-meta';
import { type DistributorSearch, useDistributorSearch } from './api';
import { US_STATES } from '../../components/us-states';

/** The search lives in the URL (?zip=&radiusMiles= or ?state=), so a result can be shared and Back works. */
function searchFromUrl(params: URLSearchParams): DistributorSearch | null {
  const zip = params.get('zip');
  if (zip) return { zip, radiusMiles: Number(params.get('radiusMiles')) || DISTRIBUTOR_SEARCH.defaultRadiusMiles };
  const state = params.get('state');
  return state ? { state } : null;
}

export default function DistributorsPage() {
  usePageMeta('Where to Buy', 'Find a balloon retailer near you that stocks Skyline Balloons: search by ZIP code or by state.');
  const [params, setParams] = useSearchParams();
  const search = searchFromUrl(params);
  const [mode, setMode] = useState<'zip' | 'state'>(search && 'state' in search ? 'state' : 'zip');
  const [zip, setZip] = useState(search && 'zip' in search ? search.zip : '');
  const [radius, setRadius] = useState(String(search && 'zip' in search ? search.radiusMiles : DISTRIBUTOR_SEARCH.defaultRadiusMiles));
  const [state, setState] = useState(search && 'state' in search ? search.state : '');
  const [zipError, setZipError] = useState<string | null>(null);
  const result = useDistributorSearch(search);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (mode === 'zip') {
      if (!/^\d{5}$/.test(zip.trim())) return setZipError(DISTRIBUTOR_SEARCH.zipInvalid);
      setZipError(null);
      setParams({ zip: zip.trim(), radiusMiles: radius });
    } else if (state) {
      setParams({ state });
    }
  };

  return (
    <Container size="lg" py={48}>
      <Title order={1}>Where to Buy</Title>
      <Text size="lg" c="dimmed" mt="sm" mb="lg">
        Our balloons are sold by independent party stores, florists and balloon decorators. Find one near you.
      </Text>
      <Card withBorder radius="lg" p="lg">
        <form onSubmit={submit}>
          <Stack gap="sm">
            <SegmentedControl
              value={mode}
              onChange={(v) => setMode(v as 'zip' | 'state')}
              data={[
                { value: 'zip', label: 'By ZIP code' },
                { value: 'state', label: 'By state' },
              ]}
              w="fit-content"
            />
            <Group align="flex-end" gap="sm">
              {mode === 'zip' ? (
                <>
                  <TextInput label="ZIP code" value={zip} onChange={(e) => setZip(e.currentTarget.value)} error={zipError} inputMode="numeric" maxLength={5} w={140} />
                  <NativeSelect
                    label="Within"
                    value={radius}
                    onChange={(e) => setRadius(e.currentTarget.value)}
                    data={DISTRIBUTOR_SEARCH.radiusChoices.map((r) => ({ value: String(r), label: `${r} miles` }))}
                    w={140}
                  />
                </>
              ) : (
                <NativeSelect
                  label="State"
                  value={state}
                  onChange={(e) => setState(e.currentTarget.value)}
                  data={[{ value: '', label: 'Choose a state' }, ...US_STATES.map(([value, label]) => ({ value, label }))]}
                  w={240}
                />
              )}
              <Button type="submit">Find stores</Button>
            </Group>
          </Stack>
        </form>
      </Card>

      <Stack mt="xl" gap="md" aria-live="polite">
        {result.isFetching && <Loader aria-label="Searching" />}
        {result.error && <Alert color="red">{result.error.message}</Alert>}
        {result.data && (
          <>
            <Text fw={600}>
              {result.data.distributors.length === 0
                ? 'No stores found. Try a wider radius or search by state.'
                : `${result.data.distributors.length} store${result.data.distributors.length === 1 ? '' : 's'} found${result.data.origin ? ` near ${result.data.origin.city}, ${result.data.origin.state} ${result.data.origin.zip}` : ''}`}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="distributors">
              {result.data.distributors.map((d) => (
                <Card component="li" key={d.id} withBorder radius="md" p="md">
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <Text fw={700}>{d.name}</Text>
                    {d.distanceMiles !== null && (
                      <Badge variant="light" data-testid="distance">
                        {d.distanceMiles.toFixed(1)} mi
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" mt={4}>
                    {d.address}
                    <br />
                    {d.city}, {d.state} {d.zip}
                  </Text>
                  <Group gap="md" mt="xs">
                    <Anchor size="sm" href={`tel:${d.phone.replace(/[^\d+]/g, '')}`}>
                      {d.phone}
                    </Anchor>
                    {/* Only http(s) links: a stored javascript: address must never become a link. */}
                    {isHttpUrl(d.website) && (
                      <Anchor size="sm" href={d.website} target="_blank" rel="noopener">
                        Website
                      </Anchor>
                    )}
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Container>
  );
}
