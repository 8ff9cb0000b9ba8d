import { Stack, Textarea, TextInput } from '@mantine/core';
import type { CategoryNode } from '../../../contract/admin/categories';

/** What a category and a collection share: name, SEO texts, logo and code. */
export interface SharedValues {
  description: string;
  seoTitle: string;
  seoDescription: string;
  logo: string;
  beCat: string;
}

export const valuesOf = (n?: CategoryNode): SharedValues => ({
  description: n?.description ?? '',
  seoTitle: n?.seoTitle ?? '',
  seoDescription: n?.seoDescription ?? '',
  logo: n?.logo ?? '',
  beCat: n?.beCat ?? '',
});

/** The form's problems as the contract finds them, one message each. */
export const problemsOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : (r.error?.issues ?? []).map((i) => i.message));

export function SharedFields({ values, onChange, seo = true }: { values: SharedValues; onChange: (v: SharedValues) => void; seo?: boolean }) {
  const set = (k: keyof SharedValues) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange({ ...values, [k]: e.currentTarget.value });
  return (
    <Stack gap="sm">
      <TextInput label="Name" required maxLength={100} value={values.description} onChange={set('description')} />
      {seo && (
        <>
          <TextInput label="SEO title" description="The page’s title in the shop and in search results; empty: the name" maxLength={200} value={values.seoTitle} onChange={set('seoTitle')} />
          <Textarea
            label="SEO description"
            description="The meta description search engines show; empty: a sentence with the name"
            autosize
            minRows={2}
            maxLength={500}
            value={values.seoDescription}
            // One line: a meta description has no line breaks.
            onChange={(e) => onChange({ ...values, seoDescription: e.currentTarget.value.replace(/[\r\n]+/g, ' ') })}
          />
          <TextInput label="Logo" description="A path on this site (/images/logos/…) or an https:// address" maxLength={500} value={values.logo} onChange={set('logo')} />
          <TextInput label="Code" description="The product line code the shop shows on the category’s card" maxLength={40} value={values.beCat} onChange={set('beCat')} />
        </>
      )}
    </Stack>
  );
}
