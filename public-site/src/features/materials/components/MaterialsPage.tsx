export function MaterialsPage() {
  return <h1>Stock Ledger</h1>;
}
