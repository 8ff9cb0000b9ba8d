export default function Page() {
  return <div>stock-page</div>;
}
