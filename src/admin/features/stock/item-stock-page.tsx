export default function Page() {
  return <div>item-stock-page</div>;
}
