import { z } from 'zod';
import { labelled } from '../labels';

/** Search synonyms (DESIGN.md §7 "Buying faster"; decision 0044): a word and the words it also finds. */
export const SEARCH_SYNONYM_LIMITS = { maxEntries: 500, maxWords: 10, maxLength: 40 } as const;

const synonymWord = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'A synonym word cannot be empty.')
  .max(SEARCH_SYNONYM_LIMITS.maxLength, `A synonym word has at most ${SEARCH_SYNONYM_LIMITS.maxLength} characters.`)
  .regex(/^[a-z0-9]+$/, 'A synonym word is one word of letters and digits, with no spaces or signs.');

const labels = { synonyms: 'Synonyms', word: 'Word', words: 'Also finds' };

export const searchSynonymSchema = labelled(
  z.object({
    /** The word a buyer types. */
    word: synonymWord,
    /** The words it also finds (each as the start of a word, as search terms are). */
    words: z
      .array(synonymWord)
      .min(1, 'Each synonym needs at least one word it also finds.')
      .max(SEARCH_SYNONYM_LIMITS.maxWords, `A word may find at most ${SEARCH_SYNONYM_LIMITS.maxWords} other words.`),
  }),
  labels,
);
export type SearchSynonym = z.infer<typeof searchSynonymSchema>;

export const searchSynonymsSchema = z.object({
  synonyms: z.array(searchSynonymSchema),
});
export type SearchSynonyms = z.infer<typeof searchSynonymsSchema>;

/** The whole list, replacing the one kept: a word at most once. */
export const searchSynonymsBody = labelled(
  z.object({
    synonyms: z
      .array(searchSynonymSchema)
      .max(SEARCH_SYNONYM_LIMITS.maxEntries, `At most ${SEARCH_SYNONYM_LIMITS.maxEntries} synonyms.`)
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((s, i) => {
          if (seen.has(s.word)) ctx.addIssue({ code: 'custom', path: [i, 'word'], message: `The word ${s.word} is listed twice.` });
          seen.add(s.word);
        });
      }),
  }),
  labels,
);
export type SearchSynonymsBody = z.infer<typeof searchSynonymsBody>;
