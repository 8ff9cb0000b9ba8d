export default function Page() {
  return <div>staff-page</div>;
}
