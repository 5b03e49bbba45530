export function AddProductPage() {
  return <h1>Aggiungi prodotto</h1>;
}
