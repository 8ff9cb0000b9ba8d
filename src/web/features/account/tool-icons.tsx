/** Line icons of the account tools (inline SVG: emoji fonts are missing on some systems). */
const paths: Record<string, string> = {
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0',
  orders: 'M3 7l9-4 9 4-9 4-9-4zm0 0v10l9 4 9-4V7M12 11v10',
  upc: 'M4 5v14M7 5v14M10 5v14M14 5v14M16 5v14M20 5v14',
  speed: 'M13 2L4 14h7l-1 8 9-12h-7l1-8z',
  contact: 'M3 6h18v12H3zM3 6l9 7 9-7',
  grid: 'M3 3h18v18H3zM3 9h18M3 15h18M9 3v18M15 3v18',
};

export function ToolIcon({ name }: { name: keyof typeof paths }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={paths[name]} />
    </svg>
  );
}
