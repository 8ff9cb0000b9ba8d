import { Alert, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { type SearchSynonym, searchSynonymSchema, searchSynonymsBody } from '../../../contract/admin/search-synonyms';
import { checkForm } from '../../../contract/plain-words';
import { notify } from '../../../web/components/notify';
import { useCan } from '../../lib/session';
import { useAdminTitle } from '../../lib/title';
import { useSaveSearchSynonyms, useSearchSynonyms } from './api';

/** Words split at spaces and commas, lower case. */
const wordsOf = (text: string) => text.toLowerCase().split(/[\s,]+/).filter(Boolean);

/** Search synonyms: the list of word → words, add, remove, save (the whole list at once). */
export default function SearchSynonymsPage() {
  useAdminTitle('Search synonyms');
  const list = useSearchSynonyms();
  const save = useSaveSearchSynonyms();
  const canEdit = useCan()('catalogue:write');
  const [draft, setDraft] = useState<SearchSynonym[] | null>(null);
  const [word, setWord] = useState('');
  const [words, setWords] = useState('');
  const rows = draft ?? list.data?.synonyms ?? [];
  const changed = draft !== null;

  const [problems, setProblems] = useState<string[]>([]);
  // Checked as typed, in plain words, before it joins the list (and the list before it is saved).
  const add = () => {
    const parsed = checkForm(searchSynonymSchema, { word, words: wordsOf(words) });
    setProblems(parsed.problems);
    if (!parsed.success) return;
    const { word: w, words: also } = parsed.data;
    setDraft([...rows.filter((r) => r.word !== w), { word: w, words: also }].sort((a, b) => (a.word < b.word ? -1 : 1)));
    setWord('');
    setWords('');
  };
  const onSave = () => {
    const parsed = checkForm(searchSynonymsBody, { synonyms: rows });
    setProblems(parsed.problems);
    if (!parsed.success) return;
    save.mutate(parsed.data.synonyms, {
      onSuccess: () => {
        setDraft(null);
        notify('green', 'Synonyms saved: search uses them now.');
      },
    });
  };

  return (
    <Stack maw={720}>
      <Title order={1}>Search synonyms</Title>
      <Text c="dimmed" size="sm">
        A word buyers type also finds the words listed for it: mylar → foil finds foil balloons when someone searches for mylar.
      </Text>
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {save.isError && <Alert color="red">{save.error.message}</Alert>}
      {problems.length > 0 && (
        <Alert color="red" role="alert" title="Check the synonym">
          {problems.map((p) => (
            <Text key={p} size="sm">
              {p}
            </Text>
          ))}
        </Alert>
      )}
      {list.isPending ? (
        <Loader size="sm" aria-label="Loading the synonyms" />
      ) : (
        <Table withTableBorder striped aria-label="Search synonyms">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Word</Table.Th>
              <Table.Th>Also finds</Table.Th>
              {canEdit && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={3}>No synonyms yet.</Table.Td>
              </Table.Tr>
            )}
            {rows.map((r) => (
              <Table.Tr key={r.word}>
                <Table.Td>{r.word}</Table.Td>
                <Table.Td>{r.words.join(', ')}</Table.Td>
                {canEdit && (
                  <Table.Td>
                    <Button size="xs" variant="outline" color="red.9" aria-label={`Remove ${r.word}`} onClick={() => setDraft(rows.filter((x) => x.word !== r.word))}>
                      Remove
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {canEdit && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            add();
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput label="Word" placeholder="mylar" value={word} onChange={(e) => setWord(e.currentTarget.value)} w={160} />
            <TextInput label="Also finds" placeholder="foil" description="Words separated by spaces or commas" value={words} onChange={(e) => setWords(e.currentTarget.value)} w={260} />
            <Button type="submit" variant="default">
              Add
            </Button>
          </Group>
        </form>
      )}
      {canEdit && (
        <Group>
          <Button onClick={onSave} disabled={!changed} loading={save.isPending}>
            Save synonyms
          </Button>
          {changed && (
            <Button variant="subtle" onClick={() => setDraft(null)}>
              Discard changes
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
