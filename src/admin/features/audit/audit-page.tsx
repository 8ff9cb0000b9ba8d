export default function Page() {
  return <div>audit-page</div>;
}
