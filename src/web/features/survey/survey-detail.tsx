import { Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { SURVEY, type SurveyDetail as Detail } from '../../../contract/survey';
import { money } from '../../components/money';
import classes from './survey.module.css';

/** One ITEM detail (picture at its width and height, title, Order #, subtitle, info, case quantity, quantity input) or a TEXT block. */
export function SurveyDetail({ detail, qty, onQty }: { detail: Detail; qty: number; onQty(value: unknown): void }) {
  if (detail.type !== 'ITEM') {
    return (
      <Paper p="md" radius="md" bg="shop.0" className={classes.text}>
        {/* Sanitised by the server (DESIGN.md §3). */}
        <div className={classes.info} dangerouslySetInnerHTML={{ __html: detail.info }} />
      </Paper>
    );
  }
  return (
    <Paper withBorder p="sm" radius="md" className={classes.item} data-testid={`survey-item-${detail.itemnum}`} data-chosen={qty > 0 || undefined}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        {detail.image && (
          <img src={detail.image} alt="" width={detail.imageWidth || undefined} height={detail.imageHeight || undefined} className={classes.picture} loading="lazy" />
        )}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm">
            {detail.title}
          </Text>
          <Text size="xs" c="dimmed">
            Order # {detail.itemnum}
          </Text>
          {detail.subTitle && <Text size="xs">{detail.subTitle}</Text>}
          {detail.info && <div className={classes.info} dangerouslySetInnerHTML={{ __html: detail.info }} />}
          <Group gap="md" mt={4} align="flex-end" wrap="wrap">
            <NumberInput
              size="xs"
              w={90}
              label="Qty"
              aria-label={`Quantity of ${detail.itemnum}`}
              value={qty === 0 ? '' : qty}
              placeholder="0"
              onChange={onQty}
              min={SURVEY.minQty}
              max={SURVEY.maxQty}
              clampBehavior="strict"
              allowDecimal={false}
              allowNegative={false}
            />
            <Text size="xs" c="dimmed">
              Case qty {detail.case_qty}
              {detail.price > 0 && (
                <>
                  <br />
                  {money(detail.price)} each
                </>
              )}
            </Text>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
