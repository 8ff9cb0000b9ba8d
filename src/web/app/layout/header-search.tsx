import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';

/** Search the whole catalogue from any page; results open on /products?search=…. */
export function HeaderSearch({ onSearch }: { onSearch?: () => void }) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        const q = text.trim();
        if (!q) return;
        void navigate(`/products?search=${encodeURIComponent(q)}`);
        setText('');
        onSearch?.();
      }}
    >
      <TextInput
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        placeholder="Search by item, number, UPC or keyword"
        aria-label="Search the catalogue"
        radius="xl"
        type="search"
      />
    </form>
  );
}
