import { Alert, Button, Grid, Group, Loader, NavLink, Stack, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { CategoryTree as Tree } from '../../../contract/admin/categories';
import { useAdminTitle } from '../../lib/title';
import { AddDialog } from './add-dialog';
import { useCategoryTree } from './api';
import { CategoryPanel } from './category-panel';
import { CategoryTree } from './category-tree';
import { CollectionPanel } from './collection-panel';
import { useCategoriesView } from './use-categories-view';

/**
 * /categories: the category tree (select a category to edit it beside the tree, or below it on a
 * phone) and the NV collections with their ordered items. The tab and the selection live in the URL.
 */
export default function CategoriesPage() {
  useAdminTitle('Categories');
  const [view, setView] = useCategoriesView();
  const tree = useCategoryTree();
  const [adding, setAdding] = useState(false);
  const kind = view.tab === 'categories' ? 'tree' : 'nv';
  const select = (num: number | null) => setView({ selected: num });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Categories</Title>
        <Button onClick={() => setAdding(true)} disabled={!tree.data}>
          {kind === 'tree' ? 'Add a category' : 'Add a collection'}
        </Button>
      </Group>
      <Tabs value={view.tab} onChange={(tab) => setView({ tab: tab === 'collections' ? 'collections' : 'categories' })}>
        <Tabs.List>
          <Tabs.Tab value="categories">Category tree</Tabs.Tab>
          <Tabs.Tab value="collections">Collections</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tree.isPending ? (
        <Loader aria-label="Loading the categories" />
      ) : tree.isError ? (
        <Alert color="red">{tree.error.message}</Alert>
      ) : view.tab === 'categories' ? (
        <TreeTab tree={tree.data} selected={view.selected} onSelect={select} />
      ) : (
        <CollectionsTab tree={tree.data} selected={view.selected} onSelect={select} />
      )}
      {adding && tree.data && (
        <AddDialog
          kind={kind}
          nodes={tree.data.categories}
          parentNum={kind === 'tree' && view.selected && tree.data.categories.some((c) => c.num === view.selected) ? view.selected : 0}
          onClose={() => setAdding(false)}
          onAdded={select}
        />
      )}
    </Stack>
  );
}

interface TabProps {
  tree: Tree;
  selected: number | null;
  onSelect: (num: number | null) => void;
}

/** On a phone the panel is below the list: a new selection brings it into view. */
function usePanelIntoView(selected: number | null) {
  const panel = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (selected !== null && window.matchMedia('(max-width: 62em)').matches) panel.current?.scrollIntoView({ block: 'start' });
  }, [selected]);
  return panel;
}

function TreeTab({ tree, selected, onSelect }: TabProps) {
  const node = tree.categories.find((c) => c.num === selected);
  const panel = usePanelIntoView(selected);
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 5 }}>
        {tree.categories.length === 0 ? <Text>No categories yet.</Text> : <CategoryTree nodes={tree.categories} selected={selected} onSelect={onSelect} />}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }} ref={panel}>
        {node ? (
          <CategoryPanel key={`${node.num}-${node.version}`} node={node} nodes={tree.categories} onDeleted={() => onSelect(null)} />
        ) : (
          <Text c="dimmed">Choose a category to rename it, move it, set its SEO texts and logo, or delete it.</Text>
        )}
      </Grid.Col>
    </Grid>
  );
}

function CollectionsTab({ tree, selected, onSelect }: TabProps) {
  const chosen = tree.collections.some((c) => c.num === selected) ? selected : null;
  const panel = usePanelIntoView(chosen);
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 4 }}>
        {tree.collections.length === 0 ? (
          <Text>No collections yet.</Text>
        ) : (
          <nav aria-label="Collections">
            {tree.collections.map((c) => (
              <NavLink
                key={c.num}
                component="button"
                label={c.description}
                description={`${c.itemCount} ${c.itemCount === 1 ? 'item' : 'items'}`}
                active={c.num === chosen}
                aria-current={c.num === chosen ? 'true' : undefined}
                onClick={() => onSelect(c.num)}
              />
            ))}
          </nav>
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }} ref={panel}>
        {chosen !== null ? (
          <CollectionPanel num={chosen} collections={tree.collections} onDeleted={() => onSelect(null)} />
        ) : (
          <Text c="dimmed">Choose a collection to edit it and its items.</Text>
        )}
      </Grid.Col>
    </Grid>
  );
}
