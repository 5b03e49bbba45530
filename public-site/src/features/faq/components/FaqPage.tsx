export function FaqPage() {
  return <h1>Frequently asked questions</h1>;
}
