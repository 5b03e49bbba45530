export function MaterialDetailPage() {
  return <h1>Material</h1>;
}
