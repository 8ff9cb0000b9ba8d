import type { Category } from '../../../contract/catalogue';

/**
 * A category page's <title> and meta description: the SEO texts the back office set for the
 * category, else its name and `defaultDescription` (built from the name).
 */
export function categoryMeta(category: Category | undefined, fallbackName: string, defaultDescription: (name: string) => string): { title: string; description: string } {
  const name = category?.description ?? fallbackName;
  return { title: category?.seoTitle || name, description: category?.seoDescription || defaultDescription(name) };
}
