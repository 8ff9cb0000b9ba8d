import { Alert, Box, Button, Group, Loader, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { productInfoPreviewSchema, type ProductInfoFormat } from '../../../contract/admin/items';
import { adminCall } from '../../lib/admin-api';
import type { ItemForm } from './item-main-fields';

const HINTS: Record<ProductInfoFormat, string> = {
  markdown: 'Markdown: **bold**, *italic*, lists with "-", headings with "#". The preview shows it as buyers will see it.',
  html: 'HTML, as this item was written before Markdown. Switch to Markdown to write it the simple way; the text is kept.',
};

/** The storefront's product info, rendered and sanitised by the server: the preview is exactly what buyers get. */
function usePreview(text: string, format: ProductInfoFormat, enabled: boolean) {
  const [typed] = useDebouncedValue(text, 300);
  return useQuery({
    queryKey: ['admin', 'product-info-preview', format, typed],
    enabled,
    staleTime: Infinity,
    queryFn: () => adminCall('POST', '/Items/ProductInfoPreview', productInfoPreviewSchema, 'Failed to show the preview', { body: { text: typed, format } }),
  });
}

/** The description: written in Markdown (new items) or in an older item's HTML, with a Write / Preview switch. */
export function ProductInfoField({ form }: { form: ItemForm }) {
  const [view, setView] = useState<'write' | 'preview'>('write');
  const format = form.values.productInfoFormat;
  const text = form.values.web_Product_Info;
  const preview = usePreview(text, format, view === 'preview');
  return (
    <Stack gap={6} mt="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <Text component="label" htmlFor="item-product-info" fw={500} size="sm">
          Description {format === 'html' ? '(HTML)' : '(Markdown)'}
        </Text>
        <SegmentedControl
          size="xs"
          aria-label="Write or preview the description"
          value={view}
          onChange={(v) => setView(v as 'write' | 'preview')}
          data={[
            { value: 'write', label: 'Write' },
            { value: 'preview', label: 'Preview' },
          ]}
        />
      </Group>
      {view === 'write' ? (
        <Textarea
          id="item-product-info"
          description={HINTS[format]}
          autosize
          minRows={4}
          maxRows={14}
          maxLength={20000}
          {...form.getInputProps('web_Product_Info')}
        />
      ) : (
        <Box
          role="region"
          aria-label="Description preview"
          p="sm"
          mih={100}
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}
        >
          {preview.isError ? (
            <Alert color="red">{preview.error.message}</Alert>
          ) : preview.data === undefined ? (
            <Loader size="sm" aria-label="Loading the preview" />
          ) : preview.data.html === '' ? (
            <Text c="dimmed">No description.</Text>
          ) : (
            // Sanitised by the server with the storefront's own policy (catalogue/product-info.ts).
            <div className="product-info-html" dangerouslySetInnerHTML={{ __html: preview.data.html }} />
          )}
        </Box>
      )}
      {format === 'html' && (
        <Button variant="default" size="xs" w="fit-content" onClick={() => form.setFieldValue('productInfoFormat', 'markdown')}>
          Switch to Markdown
        </Button>
      )}
    </Stack>
  );
}
