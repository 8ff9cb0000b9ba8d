export default function Page() {
  return <div>order-detail-page</div>;
}
