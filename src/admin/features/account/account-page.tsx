export default function Page() {
  return <div>account-page</div>;
}
