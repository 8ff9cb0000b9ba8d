import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchSynonymsBody, searchSynonymsSchema } from '../../contract/admin/search-synonyms';
import { problemSchema as problem } from '../../contract/problem';
import { actorOf } from '../staff';
import type { CatalogueContext } from './context';

const tags = ['admin: catalogue'];
const security = [{ staffSession: [] }];
const refused = { 400: problem, 401: problem, 403: problem };

/** Search synonyms (DESIGN.md §7 "Buying faster"; decision 0044): a search word also finds the words listed for it. */
export const searchSynonymRoutes: FastifyPluginAsyncZod<{ ctx: CatalogueContext }> = async (app, { ctx }) => {
  app.get(
    '/SearchSynonyms',
    { config: { permission: 'catalogue:read' }, schema: { tags, security, description: 'The search synonyms, by word.', response: { 200: searchSynonymsSchema, ...refused } } },
    async () => ({ synonyms: await ctx.catalogue.synonymList() }),
  );

  app.put(
    '/SearchSynonyms',
    {
      config: { permission: 'catalogue:write' },
      schema: {
        tags,
        security,
        description:
          'Replaces the whole list: each `word` (one word of letters and digits, lower case) also finds each of its `words` in search, as the start of a word. ' +
          'A word listed twice is 400. Every server process searches with the new list within its next catalogue poll.',
        body: searchSynonymsBody,
        response: { 200: searchSynonymsSchema, ...refused },
      },
    },
    async (request) => ({ synonyms: await ctx.catalogue.saveSynonyms(actorOf(request), request.body.synonyms) }),
  );
};
