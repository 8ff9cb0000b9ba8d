export default function Page() {
  return <div>orders-page</div>;
}
