export function ProductsPage() {
  return <h1>Market Monitor</h1>;
}
