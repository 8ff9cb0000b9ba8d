import { Alert, Button, Fieldset, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { staleItemProblemSchema, type ItemCreateBody, type ItemEditor, type ItemUpdateBody } from '../../../contract/admin/items';
import { notify } from '../../../web/components/notify';
import { CallError } from '../../components/form-problems';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { AdminApiError } from '../../lib/admin-api';
import { useSaveItem, useSuggestedNum } from './api';
import { blankItemValues, checkItem, formErrors, itemValues, reapply, type ItemFormValues } from './item-form-values';
import { ItemMainFields } from './item-main-fields';
import { ItemPlacementFields } from './item-placement-fields';
import { StaleDialog } from './stale-dialog';
import type { CategoryOptions } from './use-category-options';

interface ItemFormProps {
  /** The item as loaded, or null for a new one. */
  item: ItemEditor | null;
  categories: CategoryOptions | undefined;
  canWrite: boolean;
  /** After a new item is created, before the editor moves to its page (photos chosen meanwhile go up then). */
  onCreated?: (num: string) => void;
}

/**
 * The editor JSON as a form: checked with the contract's schema before sending, the server's
 * refusals shown at their fields (problem+json `fields`), a stale version (409) answered with the
 * other person's version and a choice, and a guard against leaving with unsaved changes.
 */
export function ItemForm({ item, categories, canWrite, onCreated }: ItemFormProps) {
  const initial = item ? itemValues(item) : blankItemValues();
  const form = useForm<ItemFormValues>({ mode: 'controlled', initialValues: initial });
  const [base, setBase] = useState({ version: item?.version ?? null, values: initial });
  const [stale, setStale] = useState<ItemEditor | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const save = useSaveItem();
  const navigate = useNavigate();
  const dirty = form.isDirty();

  useEffect(() => {
    if (created && !dirty) navigate(`/items/${created}`, { replace: true });
  }, [created, dirty, navigate]);

  // A new item's number follows its category's range, unless the person typed another one.
  const suggestion = useSuggestedNum(item === null ? form.values.category : null).data?.num;
  const lastSuggestion = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (item !== null || suggestion === undefined) return;
    const typed = form.getValues().num;
    if (typed === '' || typed === lastSuggestion.current) form.setFieldValue('num', suggestion);
    lastSuggestion.current = suggestion;
    // form is stable; only a new suggestion should fill the field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [suggestion, item]);

  const loadVersion = (saved: ItemEditor) => {
    const values = itemValues(saved);
    setBase({ version: saved.version, values });
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
  };

  const send = (values: ItemFormValues, version: number | null) => {
    const checked = checkItem(values, version);
    if (checked.errors) {
      form.setErrors(checked.errors);
      return;
    }
    save.mutate(
      // checkItem parsed the body with the create schema when there is no version, the update one otherwise.
      version === null ? { num: null, body: checked.body as ItemCreateBody } : { num: item!.num, body: checked.body as ItemUpdateBody },
      {
        onSuccess: (saved) => {
          loadVersion(saved);
          notify('green', version === null ? `Created item ${saved.num}` : `Saved item ${saved.num}`);
          if (version === null) {
            onCreated?.(saved.num);
            setCreated(saved.num);
          }
        },
        onError: (err) => {
          if (!(err instanceof AdminApiError)) return;
          const conflict = err.status === 409 ? staleItemProblemSchema.safeParse(err.body) : null;
          if (conflict?.success) return setStale(conflict.data.current);
          const fields = (err.body as { fields?: Record<string, string> } | null)?.fields;
          if (fields) form.setErrors(formErrors(fields));
        },
      },
    );
  };

  const theirValues = stale ? itemValues(stale) : null;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => send(values, base.version))}
      aria-label={item ? `Edit item ${item.num}` : 'New item'}
    >
      <Stack>
        <Fieldset variant="unstyled" disabled={!canWrite}>
          <Stack>
            <ItemMainFields form={form} isNew={item === null} suggestedNum={suggestion} />
            <ItemPlacementFields form={form} categories={categories} />
          </Stack>
        </Fieldset>
        {Object.keys(form.errors).length > 0 && (
          <Alert color="red" role="alert">
            Some fields need a look: {Object.values(form.errors).join('; ')}
          </Alert>
        )}
        <CallError error={save.error && !stale ? save.error : null} title="Not saved" />
        {canWrite && (
          // Above the fields' own layers (a number input's steppers), with a rule so it reads as a bar.
          <Group
            justify="flex-end"
            pos="sticky"
            bottom={0}
            py="xs"
            bg="var(--mantine-color-body)"
            style={{ zIndex: 'var(--mantine-z-index-app)', borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Button variant="default" disabled={!dirty} onClick={() => form.reset()}>
              Undo my changes
            </Button>
            <Button type="submit" loading={save.isPending}>
              {item ? 'Save' : 'Create item'}
            </Button>
          </Group>
        )}
      </Stack>
      <UnsavedChangesGuard dirty={dirty && canWrite} />
      {stale && theirValues && (
        <StaleDialog
          theirs={stale}
          theirValues={theirValues}
          mine={form.values}
          onClose={() => setStale(null)}
          onLoadTheirs={() => {
            loadVersion(stale);
            setStale(null);
          }}
          onReapplyMine={() => {
            const merged = reapply(base.values, form.values, theirValues);
            setBase({ version: stale.version, values: theirValues });
            form.setInitialValues(theirValues);
            form.setValues(merged);
            setStale(null);
            send(merged, stale.version);
          }}
        />
      )}
    </form>
  );
}
