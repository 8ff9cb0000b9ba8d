import { ActionIcon, Badge, Box, Group, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { CategoryNode } from '../../../contract/admin/categories';
import classes from './categories.module.css';
import { childrenByParent, rootsOf } from './tree-model';

/**
 * The category tree: nested lists, each category a button that selects it, with its items (own
 * and its subcategories') and a toggle that folds its subcategories away.
 */
export function CategoryTree({ nodes, selected, onSelect }: { nodes: readonly CategoryNode[]; selected: number | null; onSelect: (num: number) => void }) {
  const children = childrenByParent(nodes);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const toggle = (num: number) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (!next.delete(num)) next.add(num);
      return next;
    });

  const branch = (list: readonly CategoryNode[], seen: ReadonlySet<number>): React.ReactNode => (
    <ul className={classes.tree}>
      {list.map((n) => {
        const kids = seen.has(n.num) ? [] : (children.get(n.num) ?? []);
        const open = !collapsed.has(n.num);
        return (
          <li key={n.num}>
            <Group gap={4} wrap="nowrap" className={classes.row} data-selected={n.num === selected || undefined}>
              {kids.length > 0 ? (
                <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`${open ? 'Collapse' : 'Expand'} ${n.description}`} aria-expanded={open} onClick={() => toggle(n.num)}>
                  <span aria-hidden>{open ? '▾' : '▸'}</span>
                </ActionIcon>
              ) : (
                <Box w={22} aria-hidden />
              )}
              <UnstyledButton className={classes.name} onClick={() => onSelect(n.num)} aria-current={n.num === selected ? 'true' : undefined}>
                {n.description}
              </UnstyledButton>
              <Badge variant="light" color="gray" size="sm" title={`${n.itemCount} here, ${n.totalItemCount} with subcategories`}>
                {n.totalItemCount}
              </Badge>
            </Group>
            {kids.length > 0 && open && branch(kids, new Set([...seen, n.num]))}
          </li>
        );
      })}
    </ul>
  );

  return (
    <nav aria-label="Category tree">
      {branch(rootsOf(nodes), new Set())}
    </nav>
  );
}
