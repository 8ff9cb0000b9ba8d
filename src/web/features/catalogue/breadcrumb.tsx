import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useBreadcrumb } from './api';

/** Home › Categories › … › current, built by walking up through parentNum (spec §4). */
export function CategoryBreadcrumb({ categoryNum, current, linkLast = false }: { categoryNum: number | null; current?: string; linkLast?: boolean }) {
  const trail = useBreadcrumb(categoryNum);
  const crumbs = trail.data ?? [];
  return (
    <Breadcrumbs separator="›" mb="md" aria-label="Breadcrumb" styles={{ breadcrumb: { fontSize: 'var(--mantine-font-size-sm)' } }}>
      <Anchor component={Link} to="/">
        Home
      </Anchor>
      <Anchor component={Link} to="/categories">
        Categories
      </Anchor>
      {crumbs.map((c, i) =>
        i < crumbs.length - 1 || linkLast || current ? (
          <Anchor key={c.num} component={Link} to={`/products?categoryNum=${c.num}`}>
            {c.description}
          </Anchor>
        ) : (
          <Text key={c.num} size="sm" aria-current="page">
            {c.description}
          </Text>
        ),
      )}
      {current && (
        <Text size="sm" aria-current="page" lineClamp={1}>
          {current}
        </Text>
      )}
    </Breadcrumbs>
  );
}
